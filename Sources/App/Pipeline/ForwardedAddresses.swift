import Foundation
import HTTPServer

/// Which connections may say whose request they carry: the load balancers in front of
/// Kitchen (`--trusted-proxy`), whose `X-Forwarded-For` names the client.
///
/// Behind nginx every connection comes from nginx's address, so the per-address limits
/// (failed sign-ins, anonymous streams) would count every client as one. A request from a
/// trusted proxy is taken to come from the last address in its `X-Forwarded-For` (the one
/// the proxy itself wrote; any before it are the client's own claims); from anyone else
/// the header is ignored, so a client cannot pick the address it is counted under.
struct ForwardedAddresses: Sendable {
    /// The proxies' numeric addresses, in canonical form.
    let proxies: Set<String>

    /// Trusts the proxies at `addresses` (numeric IPv4 or IPv6; others are left out).
    init(trusting addresses: [String] = []) {
        proxies = Set(addresses.compactMap(Self.canonical))
    }

    /// The caller with the client's address in place of the proxy's, when the connection
    /// comes from a trusted proxy that named a numeric address.
    func resolve(_ caller: Caller) -> Caller {
        guard !proxies.isEmpty, proxies.contains(Self.canonical(caller.remoteAddress) ?? ""),
            let header = caller.headers["X-Forwarded-For"],
            let last = header.split(separator: ",").last,
            let client = Self.canonical(last.trimmingCharacters(in: .whitespaces))
        else { return caller }
        var resolved = caller
        resolved.remoteAddress = client
        return resolved
    }

    /// The addresses of a comma-separated list, in canonical form; nil when one is not a
    /// numeric address (`--trusted-proxy`).
    static func addresses(in list: String) -> [String]? {
        let entries = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let addresses = entries.compactMap(canonical)
        return addresses.count == entries.count && !addresses.isEmpty ? addresses : nil
    }

    /// `text` as `inet_ntop` writes it, if it is a numeric IPv4 or IPv6 address.
    static func canonical(_ text: String) -> String? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        for family in [AF_INET, AF_INET6] where inet_pton(family, text, &bytes) == 1 {
            guard inet_ntop(family, bytes, &buffer, socklen_t(buffer.count)) != nil else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }
}
