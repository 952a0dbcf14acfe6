import Foundation
import Glibc
import Testing

/// A PostgreSQL cluster of one test's own, for killing: Debian's `initdb` and `pg_ctl` in
/// a temporary directory, on 127.0.0.1 and a free port — the shared test cluster cannot be
/// killed under the suites that run beside it. `fsync` is on, but `synchronous_commit` is
/// off by the server's configuration, as a careless operator may leave it: Kitchen's own
/// sessions must turn it on for an acknowledged commit to survive. PostgreSQL refuses to run as root, so as root it belongs to the
/// `postgres` user the package makes (as in `scripts/lib/postgres.sh`).
final class ThrowawayCluster {
    let directory: URL
    let port: UInt16
    /// The connection string of its `kitchen` database.
    let url: String
    private let bin: String
    private var data: String { directory.appendingPathComponent("data").path }

    init() throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let version = try #require(
            versions.sorted { $0.compare($1, options: .numeric) == .orderedAscending }.last,
            "PostgreSQL is not installed (scripts/test installs it)")
        bin = "/usr/lib/postgresql/\(version)/bin"
        directory = URL(fileURLWithPath: "/tmp/kitchen-cluster-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try freeLoopbackPort()
        url = "postgres://kitchen@127.0.0.1:\(port)/kitchen"
        if getuid() == 0 {
            try Self.run("/bin/chown", ["postgres", directory.path])
        }
        try asOwner("\(bin)/initdb", ["-D", data, "-U", "kitchen", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"])
        try start()
        try asOwner("\(bin)/createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "kitchen", "kitchen"])
    }

    /// Starts the server and waits until it accepts connections (crash recovery first, after
    /// a kill); a start refused while a killed server's processes still exit is tried again.
    func start() throws {
        let options = "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory.path) -c fsync=on -c synchronous_commit=off"
        let deadline = Date().addingTimeInterval(60)
        while true {
            do {
                try asOwner("\(bin)/pg_ctl", ["-D", data, "-l", directory.appendingPathComponent("server.log").path,
                                              "-w", "-t", "60", "-o", options, "start"])
                return
            } catch where Date() < deadline {
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
    }

    /// SIGKILL to the postmaster, as a power cut or the OOM killer would, and waits until
    /// it is gone.
    func kill9() throws {
        let pidFile = try String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8)
        let pid = try #require(pid_t(pidFile.split(separator: "\n").first ?? ""))
        Glibc.kill(pid, SIGKILL)
        #expect(StreamBehaviourTests.eventually(within: 30) { Glibc.kill(pid, 0) != 0 })
    }

    /// Stops the server at once and removes its directory.
    func remove() {
        try? asOwner("\(bin)/pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    private func asOwner(_ tool: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", tool] + arguments)
        } else {
            try Self.run(tool, arguments)
        }
    }

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a tool to its end; throws with its output when it fails. Spawned and reaped
    /// here (`posix_spawn`, `waitpid`), its output in a file: the server `pg_ctl` starts
    /// holds whatever it inherited for its life, and Foundation's `Process` did not see
    /// `runuser` end once its grandchild lived on.
    private static func run(_ tool: String, _ arguments: [String]) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-tool-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failed(description: "\(tool) could not start: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Exited normally with status 0 (WIFEXITED and WEXITSTATUS, macros Swift lacks).
        guard status & 0xFFFF == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failed(description: "\(tool) failed (\(status)): \(text)")
        }
    }
}
