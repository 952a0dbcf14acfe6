import Foundation
import Testing

@testable import App

/// The byte-level writers behind every ID and amount in a response.
@Suite("IDs and amounts as clients see them")
struct EncodingTests {
    @Test("an amount has two decimals, a sign only when negative, at every magnitude")
    func amounts() {
        let expected: [(Int, String)] = [
            (0, "0.00"), (5, "0.05"), (10, "0.10"), (99, "0.99"), (100, "1.00"),
            (21_910, "219.10"), (-5, "-0.05"), (-100, "-1.00"), (-21_910, "-219.10"),
            (Int.max, "92233720368547758.07"), (Int.min, "-92233720368547758.08"),
        ]
        for (cents, text) in expected {
            #expect(Money(cents: cents).amount == text, "cents \(cents)")
        }
    }

    @Test("a global ID is URL-safe base64 of Type:rowid without padding, and reads back")
    func globalIDs() throws {
        for (type, row) in [("Goods", Int64(1)), ("CartItem", 123_456), ("User", Int64.max), ("Kind", 7), ("Shop", 0), ("Shop", -3)] {
            let encoded = GlobalID(type, row).encoded
            var standard = encoded.replacingOccurrences(of: "-", with: "+")
                .replacingOccurrences(of: "_", with: "/")
            while standard.utf8.count % 4 != 0 { standard += "=" }
            let plain = try #require(Data(base64Encoded: standard))
            #expect(String(decoding: plain, as: UTF8.self) == "\(type):\(row)")
            #expect(!encoded.contains("="))
            // Only positive row ids are ever read back.
            #expect(GlobalID(encoded: encoded) == (row > 0 ? GlobalID(type, row) : nil))
        }
    }

    @Test("a type name in a message takes the article it is said with")
    func articles() {
        for (type, phrase) in [
            ("Order", "an Order"), ("Address", "an Address"), ("Item", "an Item"), ("Edge", "an Edge"),
            ("Upload", "an Upload"), ("User", "a User"), ("Unit", "a Unit"), ("Dish", "a Dish"),
            ("Goods", "a Goods"), ("CartItem", "a CartItem"),
        ] {
            #expect(GlobalID.withArticle(type) == phrase)
        }
    }

    @Test("only letters, a colon and a positive decimal row id read as a global ID")
    func malformedGlobalIDs() {
        func encoded(_ plain: String) -> String {
            Data(plain.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        #expect(GlobalID(encoded: encoded("Goods:12")) == GlobalID("Goods", 12))
        #expect(GlobalID(encoded: encoded("Goods:007")) == GlobalID("Goods", 7))
        let malformed = [
            "Goods:", ":12", "Goods12", "Go ods:12", "Goods:1 2", "Goods:-1", "Goods:+1", "Goods:0",
            "Goods:9223372036854775808", "Goods:99999999999999999999", "Göods:1", "Goods:12:3", "",
        ]
        for plain in malformed {
            #expect(GlobalID(encoded: encoded(plain)) == nil, "\(plain)")
        }
        #expect(GlobalID(encoded: "not base64!") == nil)
    }
}
