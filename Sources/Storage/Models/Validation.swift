import Foundation

/// The input rules of the product, as pure functions that throw `DomainError.badInput`.
public enum Validation {
    /// Usernames are 3–32 ASCII letters, digits or `_`.
    public static func username(_ username: String) throws(DomainError) -> String {
        let valid = (3...32).contains(username.count) && username.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
        guard valid else {
            throw .badInput("A username is 3 to 32 letters, digits or underscores.")
        }
        return username
    }

    /// Passwords are at least 8 characters.
    public static func password(_ password: String) throws(DomainError) {
        guard password.count >= 8 else {
            throw .badInput("A password needs at least 8 characters.")
        }
    }

    /// A required text such as a name: trimmed and not blank.
    public static func nonBlank(_ text: String, field: String) throws(DomainError) -> String {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty else { throw .badInput("The \(field) must not be blank.") }
        return trimmed
    }

    /// A birthday: a real `YYYY-MM-DD` date, not after `today`.
    public static func birthday(_ text: String, today: Date) throws(DomainError) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { throw .badInput("A birthday is a date written YYYY-MM-DD.") }
        let todayText = ISO8601DateFormatter.string(
            from: today, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        guard text <= todayText else { throw .badInput("A birthday cannot be in the future.") }
        return text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// A reminder time: `HH:MM`, 24-hour.
    public static func time(_ text: String) throws(DomainError) -> String {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0...23).contains(hours), (0...59).contains(minutes)
        else { throw .badInput("A time is written HH:MM, 24-hour, e.g. 11:30.") }
        return text
    }

    /// An address: name and region not blank; the phone an 11-digit mainland mobile number
    /// or digits with an optional leading `+`, 6–20 long (spaces and dashes are dropped, so
    /// both rules come down to the second). Returns the fields trimmed.
    public static func address(_ input: AddressSnapshot) throws(DomainError) -> AddressSnapshot {
        let name = try nonBlank(input.name, field: "recipient name")
        let region = try nonBlank(input.region, field: "region")
        let phone = input.phone.trimmed.replacingOccurrences(of: " ", with: "")
            .replacingOccurrences(of: "-", with: "")
        let digits = phone.hasPrefix("+") ? String(phone.dropFirst()) : phone
        guard (6...20).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else {
            throw .badInput(
                "The phone number must be 6 to 20 digits, optionally starting with +.")
        }
        return AddressSnapshot(name: name, phone: phone, region: region, detail: input.detail.trimmed)
    }

    /// An idempotency key: 8–64 characters.
    public static func idempotencyKey(_ key: String) throws(DomainError) -> String {
        guard (8...64).contains(key.count) else {
            throw .badInput("An idempotency key is 8 to 64 characters.")
        }
        return key
    }
}
