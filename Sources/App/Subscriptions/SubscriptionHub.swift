import Foundation
import GraphQL
import HTTPServer
import Storage
import Synchronization

/// The subscribers of one process, by topic, fed by the database's one event feed.
///
/// Every event reaches exactly the subscribers of its topic; the topic is chosen from the
/// subscriber's own context (its viewer), never from the client's words alone, so no
/// event reaches a user it does not belong to. Streams are limited per user and overall.
/// The hub knows the token each stream was opened with, and a revocation announced in
/// the event log (`EventLog.revokedTokensTopic`, written by any Kitchen process on the
/// database) ends every stream of that token.
final class SubscriptionHub: Sendable {
    /// How many streams may be open at once.
    struct Limits: Sendable {
        /// Per signed-in user (anonymous streams count together per client address).
        var perOwner = 5
        /// In the whole process.
        var total = 1000
        /// How often each stream gets a keep-alive.
        var keepAliveInterval: Duration = .seconds(15)
        /// What a refused client is told to wait (`Retry-After`) before trying again.
        var retryAfter: Duration = .seconds(5)
    }

    /// One open stream: where it listens, who owns it, and how an event becomes its result.
    final class Subscriber: Sendable {
        let topic: String
        /// Who the per-user limit counts it against.
        let owner: String
        /// The digest of the bearer token it was opened with; nil when anonymous.
        let tokenDigest: [UInt8]?
        let sink: any SubscriptionSink
        /// Subscribers with equal keys get equal results for an event (the same document,
        /// variables and viewer), so it runs once for all of them.
        let resultKey: ResultKey
        /// The root value of one execution for an event; nil skips the event. Every
        /// subscriber of a topic gets the same one, so it is loaded once per event.
        let rootValue: @Sendable (StoredEvent) -> Any?
        /// ExecuteSubscriptionEvent with that root value.
        let execute: @Sendable (Any) -> ExecutionResult

        init(
            topic: String, owner: String, tokenDigest: [UInt8]?, sink: any SubscriptionSink, resultKey: ResultKey,
            rootValue: @escaping @Sendable (StoredEvent) -> Any?, execute: @escaping @Sendable (Any) -> ExecutionResult
        ) {
            self.topic = topic
            self.owner = owner
            self.tokenDigest = tokenDigest
            self.sink = sink
            self.resultKey = resultKey
            self.rootValue = rootValue
            self.execute = execute
        }
    }

    /// What a subscription's result for an event depends on besides the event.
    struct ResultKey: Hashable, Sendable {
        var query: String
        var operationName: String?
        var variables: ObjectValue
        /// The viewer (`SubscriptionSource.owner`); nil when anonymous.
        var viewer: String?
    }

    /// Why a stream could not be opened.
    enum Refusal: Error, Equatable {
        case tooManyForOwner(Int)
        case tooManyInTotal
        /// Its token was revoked while the stream was being opened.
        case revoked
    }

    struct State {
        var byTopic: [String: [ObjectIdentifier: Subscriber]] = [:]
        var countByOwner: [String: Int] = [:]
        var total = 0
        /// The token digests revoked since the hub started, newest last (bounded).
        var revoked = RecentlyRevoked()
    }

    let limits: Limits
    let state = Mutex(State())
    /// Sockets signed in with a token, told when it is revoked (`watchRevocation`).
    let revocationWatchers = RevocationWatchers()
    private let poller = Mutex<(any EventFeed)?>(nil)
    /// Signalled by `stop()` to end the keep-alive thread.
    private let keepAliveStop = DispatchSemaphore(value: 0)
    private let started = Mutex(false)

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The streams open now, for `/metrics`, tests and health.
    var openCount: Int { state.withLock { $0.total } }

    /// Starts hearing the database's committed events and sending keep-alives.
    func start(database: any KitchenDatabase, pollInterval: Duration = .milliseconds(25)) throws {
        let poller = try database.startEventFeed(interval: pollInterval) { [weak self] events in
            self?.dispatch(events)
        }
        self.poller.withLock { $0 = poller }
        started.withLock { $0 = true }
        let interval = max(limits.keepAliveInterval, .milliseconds(1))
        let thread = Thread { [weak self, keepAliveStop] in
            while keepAliveStop.wait(timeout: .now() + interval.dispatchInterval) == .timedOut {
                self?.sendKeepAlives()
            }
        }
        thread.name = "kitchen-keep-alive"
        thread.start()
    }

    /// Stops polling and keep-alives, and ends every open stream (`.serverStopping`).
    /// Call before the HTTP server's `stop()`, which then drains the streams.
    func stop() {
        let wasStarted = started.withLock { started in
            defer { started = false }
            return started
        }
        if wasStarted { keepAliveStop.signal() }
        let poller = self.poller.withLock { poller in
            defer { poller = nil }
            return poller
        }
        poller?.stop()
        for subscriber in allSubscribers() { subscriber.sink.end(.serverStopping) }
    }

    /// Adds a subscriber, or refuses past a limit (or when its token was revoked
    /// meanwhile); the subscriber leaves when its sink closes.
    func add(_ subscriber: Subscriber) throws(Refusal) {
        let refusal: Refusal? = state.withLock { state in
            if let digest = subscriber.tokenDigest, state.revoked.contains(digest) { return .revoked }
            if state.total >= limits.total { return .tooManyInTotal }
            let owned = state.countByOwner[subscriber.owner, default: 0]
            if owned >= limits.perOwner { return .tooManyForOwner(limits.perOwner) }
            state.byTopic[subscriber.topic, default: [:]][ObjectIdentifier(subscriber)] = subscriber
            state.countByOwner[subscriber.owner] = owned + 1
            state.total += 1
            return nil
        }
        if let refusal { throw refusal }
        subscriber.sink.onClose { [weak self] in self?.remove(subscriber) }
    }

    private func remove(_ subscriber: Subscriber) {
        state.withLock { state in
            guard state.byTopic[subscriber.topic]?.removeValue(forKey: ObjectIdentifier(subscriber)) != nil
            else { return }
            if state.byTopic[subscriber.topic]?.isEmpty == true { state.byTopic[subscriber.topic] = nil }
            state.countByOwner[subscriber.owner, default: 1] -= 1
            if state.countByOwner[subscriber.owner] == 0 { state.countByOwner[subscriber.owner] = nil }
            state.total -= 1
        }
    }

    private func dispatch(_ events: [StoredEvent]) {
        for event in events {
            if event.topic == EventLog.revokedTokensTopic {
                endStreams(ofRevoked: event.payload)
                continue
            }
            let subscribers = state.withLock { Array(($0.byTopic[event.topic] ?? [:]).values) }
            deliver(event, to: subscribers.filter { !$0.sink.isClosed })
        }
    }

    /// Loads the event's root value once, runs it once per distinct `ResultKey`, and sends
    /// each subscriber its result: a thousand identical subscriptions cost one execution.
    private func deliver(_ event: StoredEvent, to subscribers: [Subscriber]) {
        guard let first = subscribers.first, let root = first.rootValue(event) else { return }
        var results: [ResultKey: ExecutionResult] = [:]
        for subscriber in subscribers {
            let result = results[subscriber.resultKey] ?? subscriber.execute(root)
            results[subscriber.resultKey] = result
            subscriber.sink.send(result)
        }
    }

    private func sendKeepAlives() {
        for subscriber in allSubscribers() { subscriber.sink.sendKeepAlive() }
    }

    private func allSubscribers() -> [Subscriber] {
        state.withLock { $0.byTopic.values.flatMap(\.values) }
    }
}
