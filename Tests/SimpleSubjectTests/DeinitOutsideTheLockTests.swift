import Foundation
import SimpleSubject
import Synchronization
import Testing

/// Rule 6: no lock is held while a `deinit` the library triggers runs — a removed closure's
/// captures, a displaced value. Outside attack, 2026-11-27: in a release build the optimizer
/// released such things inside the subject's lock (a value returned from a locked region and
/// dropped at once may be released as soon as it is made), so a `deinit` that used the same
/// subject deadlocked; a debug build never did. CI runs this suite in release too.
@Suite struct DeinitOutsideTheLockTests {
    /// What a subscriber captures; its `deinit` uses the subject, as rule 6 allows.
    final class Captured: Sendable {
        let subject: Subject<Int>
        init(_ subject: Subject<Int>) { self.subject = subject }
        deinit { _ = subject.subscriberCount }
    }

    /// A screen whose bag holds a subscription to the same subject: its `deinit` cancels it.
    final class Screen: Sendable {
        let bag = SubscriptionBag()
    }

    /// Runs `body` on a thread of its own; false if it had not returned after 20 s. After a
    /// deadlock, the subject's lock stays held: a test then must not touch the subject again.
    static func returns(_ body: @escaping @Sendable () -> Void) -> Bool {
        Joinable(body).join(seconds: 20)
    }

    /// Opens a screen that only `subject`'s one-shot subscriber holds: it cancels itself on 1.
    static func openScreen(on subject: Subject<Int>) {
        let screen = Screen()
        subject.subscribeNext { _ in }.store(in: screen.bag)
        let once = Mutex<Subscription?>(nil)
        let subscription = subject.subscribeNext { [screen] value in
            guard value == 1 else { return }
            withExtendedLifetime(screen) {}
            once.withLock {
                $0?.cancel()
                $0 = nil
            }
        }
        once.withLock { $0 = subscription }
    }

    @Test func aSubscriberThatCancelsItselfLetsGoOfWhatItCapturedOutsideTheLock() {
        let subject = Subject(0)
        Self.openScreen(on: subject)
        #expect(subject.subscriberCount == 2)
        let returned = Self.returns { subject.sendNext(1) }
        #expect(returned, "sendNext never returned: a deinit ran under the subject's lock")
        #expect(!returned || subject.subscriberCount == 0)  // after a deadlock, the lock is held for good
    }

    @Test func aSubscriberCancelledByAnotherDuringADeliveryIsLetGoOfOutsideTheLock() {
        let subject = Subject(0)
        let later = Mutex<Subscription?>(nil)
        subject.subscribeNext { value in
            if value == 1 {
                later.withLock { $0?.cancel() }
            }
        }
        let captured = Captured(subject)
        later.withLock { $0 = subject.subscribeNext { [captured] _ in withExtendedLifetime(captured) {} } }
        _ = consume captured
        #expect(Self.returns {
            subject.sendNext(1)
            later.withLock { $0 = nil }
        }, "sendNext never returned: a deinit ran under the subject's lock")
    }

    /// Subscribes, tied to `owner`, a closure that holds the only reference to a screen.
    static func openScreen(on subject: Subject<Int>, ownedBy owner: Owner) {
        let screen = Screen()
        subject.subscribeNext { _ in }.store(in: screen.bag)
        subject.subscribeNext(owner: owner) { [screen] _, _ in withExtendedLifetime(screen) {} }
    }

    final class Owner: Sendable {}

    /// The same from another thread: `cancel()` cannot free the closure while the delivery may
    /// still read it, so the delivering thread lets go of it when its delivery is over.
    @Test func aSubscriberCancelledFromAnotherThreadIsLetGoOfOutsideTheLock() {
        let subject = Subject(0)
        let inDelivery = DispatchSemaphore(value: 0), goOn = DispatchSemaphore(value: 0)
        subject.subscribeNext { value in
            if value == 1 {
                inDelivery.signal()
                goOn.wait()
            }
        }
        let captured = Captured(subject)
        let later = subject.subscribeNext { [captured] _ in withExtendedLifetime(captured) {} }
        _ = consume captured
        let sender = Joinable { subject.sendNext(1) }
        inDelivery.wait()
        later.cancel()
        goOn.signal()
        #expect(sender.join(seconds: 20), "sendNext never returned: a deinit ran under the subject's lock")
    }

    @Test func anOwnerBoundSubscriberWhoseOwnerWentIsLetGoOfOutsideTheLock() {
        let subject = Subject(0)
        var owner: Owner? = Owner()
        Self.openScreen(on: subject, ownedBy: owner!)
        #expect(subject.subscriberCount == 2)
        owner = nil
        let returned = Self.returns { subject.sendNext(1) }
        #expect(returned, "sendNext never returned: a deinit ran under the subject's lock")
        #expect(!returned || subject.subscriberCount == 0)  // after a deadlock, the lock is held for good
    }

    /// A value whose `deinit` reads the subject that displaced it.
    final class Reading: Sendable {
        let subject = Mutex<Subject<Reading?>?>(nil)
        deinit { _ = subject.withLock { $0 }?.subscriberCount }
    }

    @Test func aDisplacedValueIsReleasedOutsideTheLock() {
        let subject = Subject<Reading?>(nil)
        subject.subscribeNext { _ in }
        let first = Reading()
        first.subject.withLock { $0 = subject }
        subject.sendNext(first)
        _ = consume first
        let returned = Self.returns { subject.sendNext(nil) }
        #expect(returned, "sendNext never returned: a displaced value was released under the lock")
    }
}
