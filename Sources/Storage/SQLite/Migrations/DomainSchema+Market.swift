extension DomainSchema {
    /// Shops, goods with kinds, images and attributes, and reviews.
    static let market = """
        CREATE TABLE shops (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            logo_url TEXT,
            announcement TEXT,
            shipping_fee_cents INTEGER NOT NULL CHECK (shipping_fee_cents >= 0),
            free_shipping_threshold_cents INTEGER CHECK (free_shipping_threshold_cents >= 0)
        );

        -- `listed` = 0 keeps lunch dishes out of the market list.
        CREATE TABLE goods (
            id INTEGER PRIMARY KEY,
            shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            foreword TEXT,
            description TEXT,
            soup TEXT,
            listed INTEGER NOT NULL DEFAULT 1 CHECK (listed IN (0, 1)),
            sales_count INTEGER NOT NULL DEFAULT 0 CHECK (sales_count >= 0),
            created_at INTEGER NOT NULL
        );
        CREATE INDEX goods_market_page ON goods(listed, created_at DESC, id DESC);
        CREATE INDEX goods_by_shop_page ON goods(shop_id, created_at DESC, id DESC);

        CREATE TABLE goods_images (
            goods_id INTEGER NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            url TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            PRIMARY KEY (goods_id, position)
        ) WITHOUT ROWID;

        CREATE TABLE goods_attributes (
            goods_id INTEGER NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (goods_id, position)
        ) WITHOUT ROWID;

        -- Stock can never go below zero, whatever the code above does.
        CREATE TABLE kinds (
            id INTEGER PRIMARY KEY,
            goods_id INTEGER NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
            original_price_cents INTEGER CHECK (original_price_cents >= 0),
            member_price_cents INTEGER CHECK (member_price_cents >= 0),
            stock INTEGER NOT NULL CHECK (stock >= 0),
            UNIQUE (goods_id, position)
        );

        CREATE TABLE reviews (
            id INTEGER PRIMARY KEY,
            goods_id INTEGER NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
            author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind_name TEXT,
            rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
            text TEXT NOT NULL,
            has_photos INTEGER NOT NULL DEFAULT 0 CHECK (has_photos IN (0, 1)),
            created_at INTEGER NOT NULL
        );
        CREATE INDEX reviews_page ON reviews(goods_id, created_at DESC, id DESC);
        CREATE INDEX reviews_with_photos_page
            ON reviews(goods_id, has_photos, created_at DESC, id DESC);

        CREATE TABLE review_photos (
            review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            url TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            PRIMARY KEY (review_id, position)
        ) WITHOUT ROWID;
        """

    /// Carts, addresses, orders (with snapshots and idempotency keys) and the basket.
    static let shopping = """
        -- One line per user and kind: adding the same kind again adds to the line.
        CREATE TABLE cart_items (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            goods_id INTEGER NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
            kind_id INTEGER NOT NULL REFERENCES kinds(id) ON DELETE CASCADE,
            quantity INTEGER NOT NULL CHECK (quantity > 0),
            selected INTEGER NOT NULL DEFAULT 1 CHECK (selected IN (0, 1)),
            added_at INTEGER NOT NULL,
            UNIQUE (user_id, kind_id)
        );
        CREATE INDEX cart_items_by_goods ON cart_items(user_id, goods_id);

        -- Listed default first, then newest first; at most one default per user.
        CREATE TABLE addresses (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            phone TEXT NOT NULL,
            region TEXT NOT NULL CHECK (length(trim(region)) > 0),
            detail TEXT NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
        );
        CREATE INDEX addresses_by_user ON addresses(user_id, is_default DESC, id DESC);
        CREATE UNIQUE INDEX addresses_one_default ON addresses(user_id) WHERE is_default = 1;

        -- The address and every price are copied in: later edits do not rewrite history.
        CREATE TABLE orders (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            idempotency_key TEXT NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 64),
            status TEXT NOT NULL CHECK (status IN
                ('PENDING_PAYMENT', 'PAID', 'SHIPPED', 'COMPLETED', 'CANCELLED')),
            note TEXT,
            address_name TEXT NOT NULL,
            address_phone TEXT NOT NULL,
            address_region TEXT NOT NULL,
            address_detail TEXT NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity > 0),
            subtotal_cents INTEGER NOT NULL CHECK (subtotal_cents >= 0),
            discount_cents INTEGER NOT NULL CHECK (discount_cents >= 0),
            shipping_fee_cents INTEGER NOT NULL CHECK (shipping_fee_cents >= 0),
            total_cents INTEGER NOT NULL CHECK (total_cents >= 0),
            created_at INTEGER NOT NULL,
            UNIQUE (user_id, idempotency_key)
        );
        CREATE INDEX orders_page ON orders(user_id, created_at DESC, id DESC);

        CREATE TABLE order_shops (
            order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            shop_id INTEGER NOT NULL REFERENCES shops(id),
            subtotal_cents INTEGER NOT NULL,
            discount_cents INTEGER NOT NULL,
            shipping_fee_cents INTEGER NOT NULL,
            PRIMARY KEY (order_id, position),
            UNIQUE (order_id, shop_id)
        ) WITHOUT ROWID;
        CREATE INDEX order_shops_by_shop ON order_shops(shop_id, order_id);

        CREATE TABLE order_lines (
            order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            shop_id INTEGER NOT NULL REFERENCES shops(id),
            goods_id INTEGER NOT NULL REFERENCES goods(id),
            kind_id INTEGER REFERENCES kinds(id) ON DELETE SET NULL,
            goods_name TEXT NOT NULL,
            kind_name TEXT NOT NULL,
            unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
            original_price_cents INTEGER,
            quantity INTEGER NOT NULL CHECK (quantity > 0),
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;

        CREATE TABLE basket_recipes (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            recipe_id INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
            UNIQUE (user_id, recipe_id)
        );

        -- Bought marks are per ingredient name (trimmed, lower-cased), shared by every recipe.
        CREATE TABLE basket_purchases (
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name_key TEXT NOT NULL,
            PRIMARY KEY (user_id, name_key)
        ) WITHOUT ROWID;
        """

    /// The lunch menu, app releases with onboarding pages, and small named values.
    static let apps = """
        CREATE TABLE lunch_menu_items (
            day TEXT NOT NULL CHECK (day IN
                ('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'WEEKEND')),
            position INTEGER NOT NULL,
            goods_id INTEGER NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
            PRIMARY KEY (day, position)
        ) WITHOUT ROWID;

        CREATE TABLE app_releases (
            app TEXT PRIMARY KEY CHECK (app IN ('KITCHEN', 'LUNCH')),
            latest_version TEXT NOT NULL
        );

        CREATE TABLE onboarding_pages (
            app TEXT NOT NULL REFERENCES app_releases(app) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            image_url TEXT NOT NULL,
            title TEXT NOT NULL,
            PRIMARY KEY (app, position)
        ) WITHOUT ROWID;

        -- Small named values, such as when the lunch menu last changed.
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """
}
