import Foundation

/// A small deterministic random number generator (SplitMix64), so a scale set is the same
/// on every run and benchmarks compare like with like.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// One element of a non-empty array.
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// One statement prepared once and run many times with new values (bulk inserts).
final class BulkInsert {
    private let statement: Statement

    init(_ sql: String, _ c: Connection) throws {
        statement = try c.prepare(sql)
    }

    /// Binds the values to parameters 1, 2, 3, … and runs the statement once.
    func run(_ values: any SQLBindable...) throws {
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() != nil {}
    }
}

/// Words the scale generator builds names, ingredients and comments from, in Chinese and
/// English, so a scale set has realistic search hits (红烧, 排骨, 鸡蛋, egg …).
enum ScaleWords {
    static let methods = [
        "红烧", "清蒸", "糖醋", "香煎", "凉拌", "爆炒", "酸辣", "蒜蓉", "干煸", "葱油", "Braised", "Steamed",
        "Spicy", "Crispy", "Roasted", "Grilled",
    ]
    static let mains = [
        "排骨", "鸡蛋", "豆腐", "鸡翅", "牛肉", "土豆", "茄子", "鲈鱼", "虾仁", "西兰花", "五花肉", "番茄",
        "pork", "chicken", "egg", "tofu", "beef", "noodles", "salmon", "mushroom",
    ]
    static let endings = ["", "", "饭", "面", "汤", "煲", " Bowl", " Salad", " Rice"]
    static let ingredients = [
        "鸡蛋", "排骨", "番茄", "土豆", "葱", "姜", "蒜", "生抽", "老抽", "冰糖", "料酒", "盐", "白糖", "香醋",
        "花椒", "干辣椒", "豆腐", "青椒", "egg", "flour", "milk", "butter", "garlic", "onion", "olive oil",
        "pepper", "rice", "noodles",
    ]
    static let amounts = ["适量", "少许", "1勺", "2勺", "300g", "500g", "2个", "3个", "1 tbsp", "2 cups", "100ml"]
    static let steps = [
        "食材洗净切好备用。", "热锅凉油，爆香葱姜蒜。", "下主料大火翻炒。", "加入调料翻匀。", "小火焖煮二十分钟。",
        "大火收汁，装盘。", "Prep everything before you turn on the heat.", "Season to taste and serve hot.",
    ]
    static let tags = ["家常菜", "快手菜", "下饭菜", "早餐", "减脂", "烘焙", "川菜", "breakfast", "dinner", "vegan"]
    static let comments = [
        "看起来好好吃！", "收藏了，周末试试。", "请问可以用空气炸锅吗？", "Looks delicious!", "Made this tonight, 10/10.",
        "火候怎么掌握？", "孩子很喜欢。", "Great tip about the sauce.",
    ]
}
