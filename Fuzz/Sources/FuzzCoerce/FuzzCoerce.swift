import FuzzSupport
import GraphQL

/// Operations of the kitchen's schema whose variables cover every kind of input: scalars,
/// enums, lists, input objects, defaults and non-null wrappers.
let operations: [String] = [
    "mutation ($input: SignUpInput!) { signUp(input: $input) { token } }",
    "mutation ($id: ID!, $input: UpdateDraftInput!) { updateDraft(id: $id, input: $input) { id } }",
    "mutation ($d: ID!, $i: [IngredientInput!]!) { setIngredients(draftId: $d, ingredients: $i) { id } }",
    "mutation ($input: UploadDishInput!) { uploadDish(input: $input) { id } }",
    "mutation ($input: BuyNowInput!) { buyNow(input: $input) { id } }",
    "mutation ($input: SettingsInput!) { updateSettings(input: $input) { lunchReminderEnabled } }",
    "query ($k: String!, $t: SearchType = RECIPE, $n: Int = 20, $a: String) { search(keyword: $k, type: $t, first: $n, after: $a) { totalCount } }",
    "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }",
    "query ($app: AppName!, $v: String!, $s: String) { appConfig(app: $app, clientVersion: $v, lastSeenVersion: $s) { __typename } }",
    "query ($x: [[Int!]]! = [[1]], $f: Float, $b: Boolean!, $s: [String] = \"one\") { __typename }",
]

/// The parsed operations; those that do not fit the schema are left out.
let prepared: [(OperationDefinition, Source)] = operations.compactMap { text in
    let source = Source(text)
    guard let document = try? Parser.parse(source),
        let operation = document.executable.operations.first
    else { return nil }
    return (operation, source)
}

/// Variable coercion (section 6.1.2): the first byte picks an operation, the rest is the
/// JSON of its variables. Any variables coerce or fail with errors, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCoerce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    guard let first = input.first, !prepared.isEmpty else { return 0 }
    let (operation, source) = prepared[Int(first) % prepared.count]
    guard case .object(let variables)? = try? JSONReader.parse(Array(input.dropFirst())) else { return 0 }
    _ = InputCoercion.coerceVariableValues(
        variables, definitions: operation.variableDefinitions, schema: FuzzSupport.schema,
        source: source)
    return 0
}

/// The executable's entry point (SwiftPM's name for `main`): libFuzzer's driver.
@_cdecl("FuzzCoerce_main")
public func fuzzCoerceMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupport.runDriver(argc, argv, fuzzCoerce)
}
