import Foundation

/// The operations the commerce tests send, written once.
enum CommerceDocuments {
    /// Everything the cart screen draws.
    static let cartFields = """
        fragment CartFields on Cart {
          allSelected totalQuantity selectedQuantity
          selectedSubtotal { cents amount currency }
          shops {
            shop { id name shippingFee { cents } freeShippingThreshold { cents } }
            allSelected
            subtotal { cents amount }
            items {
              id quantity selected
              unitPrice { cents amount }
              lineTotal { cents amount }
              goods { id name images { url } }
              kind { id name stock price { cents } memberPrice { cents } }
            }
          }
        }
        """

    static let cart = "query Cart { cart { ...CartFields } }\n" + cartFields

    static let addToCart = """
        mutation Add($goodsId: ID!, $kindId: ID, $quantity: Int! = 1) {
          addToCart(goodsId: $goodsId, kindId: $kindId, quantity: $quantity) { ...CartFields }
        }
        """ + "\n" + cartFields

    static let setItemQuantity = """
        mutation SetQuantity($itemId: ID!, $quantity: Int!) {
          setItemQuantity(itemId: $itemId, quantity: $quantity) { ...CartFields }
        }
        """ + "\n" + cartFields

    /// Everything the order confirmation screen draws.
    static let previewFields = """
        fragment PreviewFields on OrderPreview {
          address { id name phone region detail isDefault }
          shops {
            shop { id name }
            lines { goods { id } goodsName kindName unitPrice { cents } quantity lineTotal { cents } }
            subtotal { cents amount } discount { cents amount }
            shippingFee { cents amount } total { cents amount }
          }
          quantity subtotal { cents amount } discount { cents amount }
          shippingFee { cents amount } total { cents amount }
        }
        """

    static let orderPreview = """
        query Preview($addressId: ID) { orderPreview(addressId: $addressId) { ...PreviewFields } }
        """ + "\n" + previewFields

    static let orderFields = """
        fragment OrderFields on Order {
          id status note quantity createdAt
          subtotal { cents } discount { cents } shippingFee { cents } total { cents amount }
          address { name phone region detail }
          shops {
            shop { id }
            subtotal { cents } discount { cents } shippingFee { cents } total { cents }
            lines { goods { id } goodsName kindName unitPrice { cents } quantity lineTotal { cents } }
          }
        }
        """

    static let placeOrder = """
        mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { ...OrderFields } }
        """ + "\n" + orderFields

    /// The viewer's orders with every line. `first` is written into the document: the
    /// operation cost limit counts a variable `first` as the largest page (100).
    static func orders(first: Int = 5) -> String {
        """
        query Orders($after: String, $shopId: ID) {
          orders(first: \(first), after: $after, shopId: $shopId) {
            totalCount pageInfo { hasNextPage endCursor } nodes { ...OrderFields }
          }
        }
        """ + "\n" + orderFields
    }

    static let addresses = "{ addresses { id name phone region detail isDefault } }"
}

extension GraphQLClient {
    /// The viewer's cart, as `CommerceDocuments.cart` reads it.
    func cart() throws -> JSON {
        try post(CommerceDocuments.cart).ok()["cart"]
    }

    /// Adds to the cart and returns the whole cart.
    @discardableResult
    func addToCart(_ goodsID: String, kind: String? = nil, quantity: Int = 1) throws -> JSON {
        var variables: [String: JSON] = ["goodsId": .string(goodsID), "quantity": .number(Double(quantity))]
        if let kind { variables["kindId"] = .string(kind) }
        return try post(CommerceDocuments.addToCart, variables).ok()["addToCart"]
    }

    /// Every line of the viewer's cart, shop by shop.
    func cartItems() throws -> [JSON] {
        try cart()["shops"].array.flatMap { $0["items"].array }
    }
}
