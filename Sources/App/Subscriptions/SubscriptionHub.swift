import Foundation
import HTTPServer
import Storage
import Synchronization

/// The subscribers of one process, by topic, fed by the database's one event feed.
///
/// Every event reaches exactly the subscribers of its topic; the topic is chosen from the
/// subscriber's own context (its viewer), never from the client's words alone, so no
/// event reaches a user it does not belong to. Streams are limited per user and overall.
final class SubscriptionHub: Sendable {
    /// How many streams may be open at once.
    struct Limits: Sendable {
        /// Per signed-in user (anonymous streams count together under one key).
        var perOwner = 5
        /// In the whole process.
        var total = 1000
        /// How often each stream gets a keep-alive comment.
        var keepAliveInterval: Duration = .seconds(15)
    }

    /// One open stream: where it listens and what to do with an event.
    final class Subscriber: Sendable {
        let topic: String
        let owner: String
        let stream: HTTPStream
        let deliver: @Sendable (StoredEvent) -> Void

        init(topic: String, owner: String, stream: HTTPStream, deliver: @escaping @Sendable (StoredEvent) -> Void) {
            self.topic = topic
            self.owner = owner
            self.stream = stream
            self.deliver = deliver
        }
    }

    /// Why a stream could not be opened.
    enum Refusal: Error, Equatable {
        case tooManyForOwner(Int)
        case tooManyInTotal
    }

    private struct State {
        var byTopic: [String: [ObjectIdentifier: Subscriber]] = [:]
        var countByOwner: [String: Int] = [:]
        var total = 0
    }

    let limits: Limits
    private let state = Mutex(State())
    private let poller = Mutex<(any EventFeed)?>(nil)
    /// Signalled by `stop()` to end the keep-alive thread.
    private let keepAliveStop = DispatchSemaphore(value: 0)
    private let started = Mutex(false)

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The streams open now, for `/metrics`.
    var openStreams: Int { state.withLock { $0.total } }

    /// Starts hearing the database's committed events and sending keep-alives.
    func start(database: any KitchenDatabase, pollInterval: Duration = .milliseconds(25)) throws {
        let poller = try database.startEventFeed(interval: pollInterval) { [weak self] events in
            self?.dispatch(events)
        }
        self.poller.withLock { $0 = poller }
        started.withLock { $0 = true }
        let interval = limits.keepAliveInterval
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000
            + Int(interval.components.attoseconds / 1_000_000_000)
        let thread = Thread { [weak self, keepAliveStop] in
            while keepAliveStop.wait(timeout: .now() + .nanoseconds(max(nanoseconds, 1_000_000))) == .timedOut {
                self?.sendKeepAlives()
            }
        }
        thread.name = "kitchen-keep-alive"
        thread.start()
    }

    /// Stops polling and keep-alives, and ends every open stream with a `complete` event.
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
        let subscribers = state.withLock { $0.byTopic.values.flatMap(\.values) }
        for subscriber in subscribers {
            subscriber.stream.send(EventStream.complete)
            subscriber.stream.finish()
        }
    }

    /// Adds a subscriber, or refuses past a limit; the subscriber leaves when its stream closes.
    func add(_ subscriber: Subscriber) throws(Refusal) {
        let refusal: Refusal? = state.withLock { state in
            if state.total >= limits.total { return .tooManyInTotal }
            let owned = state.countByOwner[subscriber.owner, default: 0]
            if owned >= limits.perOwner { return .tooManyForOwner(limits.perOwner) }
            state.byTopic[subscriber.topic, default: [:]][ObjectIdentifier(subscriber)] = subscriber
            state.countByOwner[subscriber.owner] = owned + 1
            state.total += 1
            return nil
        }
        if let refusal { throw refusal }
        subscriber.stream.onClose { [weak self] in self?.remove(subscriber) }
    }

    /// The number of open streams (for tests and health).
    var openCount: Int { state.withLock { $0.total } }

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
            let subscribers = state.withLock { Array(($0.byTopic[event.topic] ?? [:]).values) }
            for subscriber in subscribers where !subscriber.stream.isClosed {
                subscriber.deliver(event)
            }
        }
    }

    private func sendKeepAlives() {
        let subscribers = state.withLock { $0.byTopic.values.flatMap(\.values) }
        for subscriber in subscribers { subscriber.stream.send(EventStream.keepAlive) }
    }
}
