import Foundation
import Glibc
import KitchenTestSupport
import Testing

/// Debian's nginx running `docs/nginx.conf` — the file the README shows — in front of two
/// instances: the file as it is, with the instances' ports in place of 8081 and 8082 and a
/// free loopback port in place of 80, inside a main configuration that keeps nginx's pid,
/// log and temporary files in a directory of its own. scripts/test installs nginx with
/// PostgreSQL (`scripts/lib/postgres.sh`).
final class NginxBalancer {
    static let configuration = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/nginx.conf")

    let port: UInt16
    private let process: Process
    private let directory: URL

    /// Starts nginx in front of the instances on `upstreams` and waits until it answers.
    init(upstreams: [UInt16]) throws {
        let binary = try #require(
            ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "nginx is not installed (scripts/test installs it for the PostgreSQL pass)")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try freeLoopbackPort()
        var site = try String(contentsOf: Self.configuration, encoding: .utf8)
        for (placeholder, upstream) in zip(["127.0.0.1:8081;", "127.0.0.1:8082;"], upstreams) {
            #expect(site.contains(placeholder))
            site = site.replacingOccurrences(of: placeholder, with: "127.0.0.1:\(upstream);")
        }
        #expect(site.contains("listen 80;"))
        site = site.replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
        try site.write(to: directory.appendingPathComponent("kitchen.conf"), atomically: true, encoding: .utf8)
        let path = directory.path
        // One process as the user running the tests (no workers switching to `nobody`).
        let main = """
            daemon off;
            master_process off;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                include \(path)/kitchen.conf;
            }
            """
        try main.write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-p", path + "/", "-c", path + "/nginx.conf", "-e", path + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let up = StreamBehaviourTests.eventually(within: 30) {
            (try? TestClient(port: port).request("GET", "/healthz").status) == 200
        }
        if !up {
            let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            stop()
            Issue.record("nginx did not answer: \(log)")
            throw NginxFailure()
        }
    }

    struct NginxFailure: Error {}

    /// Stops nginx and removes its directory. SIGKILL: it is one process (no workers to
    /// orphan), and it inherits the test process's blocked termination signals.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The address clients post GraphQL to through nginx.
    var url: String { "http://127.0.0.1:\(port)/graphql" }
}
