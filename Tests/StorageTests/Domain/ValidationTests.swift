import Foundation
import Testing

@testable import Storage

@Suite("Validation")
struct ValidationTests {
    @Test("usernames are 3 to 32 ASCII letters, digits or underscores")
    func usernames() throws {
        #expect(try Validation.username("chef_wang") == "chef_wang")
        for bad in ["ab", "a-b-c", "小明明", "é_accent", String(repeating: "x", count: 33)] {
            #expect(throws: DomainError.self) { try Validation.username(bad) }
        }
    }

    @Test("passwords need 8 characters")
    func passwords() throws {
        #expect(throws: DomainError.self) { try Validation.password("1234567") }
        try Validation.password("12345678")
    }

    @Test("required texts are trimmed and must not be blank")
    func nonBlank() throws {
        #expect(try Validation.nonBlank("  红烧肉 \n", field: "name") == "红烧肉")
        #expect(throws: DomainError.badInput("The name must not be blank.")) {
            try Validation.nonBlank(" \t", field: "name")
        }
    }

    @Test("times are HH:MM on a 24-hour clock")
    func times() throws {
        #expect(try Validation.time("00:00") == "00:00")
        #expect(try Validation.time("23:59") == "23:59")
        for bad in ["24:00", "7:30", "12:60", "12-30", ""] {
            #expect(throws: DomainError.self) { try Validation.time(bad) }
        }
    }

    @Test("birthdays are real dates, leap days included, not in the future")
    func birthdays() throws {
        let today = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(try Validation.birthday("2000-02-29", today: today) == "2000-02-29")
        for bad in ["1900-02-29", "2001-13-01", "2001-04-31", "2999-01-01", "2001/01/01"] {
            #expect(throws: DomainError.self) { try Validation.birthday(bad, today: today) }
        }
    }

    @Test("phones drop spaces and dashes and are 6 to 20 digits with an optional plus")
    func phones() throws {
        func phone(_ text: String) throws -> String {
            try Validation.address(AddressSnapshot(name: "A", phone: text, region: "R", detail: "")).phone
        }
        #expect(try phone("138 0013 8000") == "13800138000")
        #expect(try phone("+86-21-5555-0000") == "+862155550000")
        for bad in ["12345", "+", "1380013800x", String(repeating: "1", count: 21), "++123456"] {
            #expect(throws: DomainError.self) { try phone(bad) }
        }
    }

    @Test("idempotency keys are 8 to 64 characters")
    func keys() throws {
        #expect(throws: DomainError.self) { try Validation.idempotencyKey("short") }
        #expect(throws: DomainError.self) { try Validation.idempotencyKey(String(repeating: "k", count: 65)) }
        #expect(try Validation.idempotencyKey("order-0001") == "order-0001")
    }
}
