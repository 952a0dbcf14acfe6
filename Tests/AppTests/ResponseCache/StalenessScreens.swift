import Foundation

/// The queries of every screen of both apps, as the staleness tests ask them: each with
/// the fields a client shows, so that a change to anything a screen shows changes its
/// answer.
enum StalenessScreens {
    static let recipePage = """
        query RecipePage($id: ID!) { recipe(id: $id) {
          id name description coverImage { url } tips createdAt
          author { id name username avatar { url } followersCount recipesCount viewerIsFollowing }
          ingredients { name amount } steps { number text image { url } }
          cookedCount collectsCount commentsCount viewerHasCollected
          dishes(first: 3) { nodes { id description likesCount viewerHasLiked author { name } } }
          comments(first: 5) {
            edges { cursor node { id text createdAt mentions { username } replyTo { id } author { id name } } }
            pageInfo { hasNextPage endCursor }
          }
        } }
        """
    static let recipeList = """
        { recipes(first: 10) { nodes { id name commentsCount cookedCount collectsCount author { name } }
          pageInfo { hasNextPage endCursor } } }
        """
    static let feed = """
        { feed(first: 20) { edges { cursor node { __typename
          ... on Dish { id description createdAt author { id name avatar { url } } photos { url } tags
                        likesCount viewerHasLiked commentsCount recipe { id name } }
          ... on Recipe { id name createdAt author { id name } coverImage { url } commentsCount cookedCount } } }
          pageInfo { hasNextPage endCursor } } }
        """
    static let dishPage = """
        query DishPage($id: ID!) { dish(id: $id) { id description tags meal photos { url } likesCount
          viewerHasLiked commentsCount recipe { id name } author { id name dishesCount }
          comments(first: 5) { nodes { id text author { name } mentions { name } } } } }
        """
    static let profile = """
        query Profile($id: ID!) { user(id: $id) { id username name bio avatar { url } gender profession
          hometown isMember followingCount followersCount recipesCount dishesCount viewerIsFollowing
          recipes(first: 3) { nodes { id name } } dishes(first: 3) { nodes { id likesCount } }
          followers(first: 5) { nodes { id name } } following(first: 5) { nodes { id name } } } }
        """
    static let viewer = """
        { viewer { id username name bio avatar { url } isMember followingCount followersCount recipesCount
          dishesCount drafts(first: 5) { nodes { id name description tips steps { number text }
          ingredients { name amount } } } collections(first: 5) { nodes { id name collectsCount } }
          settings { lunchReminderEnabled lunchReminderTime pushEnabled } } }
        """
    static let search = """
        query Search($k: String!, $t: SearchType) { search(keyword: $k, type: $t, first: 10) {
          edges { cursor node { ... on Recipe { id name author { name } } ... on User { id name username } } }
          pageInfo { hasNextPage } } }
        """
    static let searchHistory = "{ searchHistory }"
    static let market = """
        { market(first: 10) { nodes { id name salesCount averageRating reviewsCount viewerCartQuantity
          kinds { id name stock price { amount } memberPrice { amount } } shop { id name } } } }
        """
    static let goodsPage = """
        query Goods($id: ID!) { goods(id: $id) { id name foreword description images { url } salesCount
          averageRating reviewsCount photoReviewsCount viewerCartQuantity attributes { name value }
          kinds { id name stock price { amount } originalPrice { amount } memberPrice { amount } }
          shop { id name shippingFee { amount } } reviews(first: 3) { nodes { id rating text author { name } } } } }
        """
    static let shop = """
        query Shop($id: ID!) { shop(id: $id) { id name announcement shippingFee { amount }
          freeShippingThreshold { amount } goods(first: 5) { nodes { id name salesCount } } } }
        """
    static let cart = """
        { cart { allSelected totalQuantity selectedQuantity selectedSubtotal { amount }
          shops { shop { id name } allSelected subtotal { amount }
            items { id quantity selected unitPrice { amount } lineTotal { amount }
              goods { id name } kind { id name stock } } } } }
        """
    static let addresses = "{ addresses { id name phone region detail isDefault } }"
    static let orderPreview = """
        { orderPreview { address { id name } quantity subtotal { amount } discount { amount }
          shippingFee { amount } total { amount } shops { shop { name } lines { goodsName kindName quantity } } } }
        """
    static let orders = """
        { orders(first: 5) { nodes { id status quantity note total { amount }
          shops { shop { name } lines { goodsName quantity lineTotal { amount } } } address { name } } } }
        """
    static let basket = """
        { basket { recipes { recipe { id name } ingredients { name amount purchased } }
          merged { name amounts purchased } } }
        """
    static let forums = """
        { forums { id name description topics(first: 3) { nodes { id title commentsCount author { name } } } } }
        """
    static let topic = """
        query Topic($id: ID!) { topic(id: $id) { id title body commentsCount author { name }
          comments(first: 5) { nodes { id text author { name } } } } }
        """
    static let node = "query Node($id: ID!) { node(id: $id) { id ... on Recipe { name commentsCount } ... on Comment { text } } }"
    static let mentionCandidates = "query M($id: ID!) { mentionCandidates(targetId: $id, prefix: \"\") { id username } }"
    static let lunchMenu = "{ lunchMenu { sections { day title items { id name viewerCartQuantity kinds { price { amount } } } } } }"
}
