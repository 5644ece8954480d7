import SimpleSubject
import Testing

/// Outside attack, 2026-11-27: a subscription whose subject was gone said it had not ended, and
/// a bag counted it.
@Suite struct SubscriptionsOfAGoneSubjectTests {
    @Test func aSubscriptionEndsWithItsSubject() {
        var subject: Subject<Int>? = Subject(0)
        let bag = SubscriptionBag()
        let subscription = subject!.subscribeNext { _ in }
        subscription.store(in: bag)
        subject!.map { $0 + 1 }.subscribeNext { _ in }.store(in: bag)
        #expect(!subscription.isCancelled)
        #expect(bag.count == 2)
        subject = nil
        #expect(subscription.isCancelled)
        #expect(bag.count == 0)
        subscription.cancel()  // still fine
        #expect(subscription.isCancelled)
    }

    /// "The binding ends when either is released" (`sync(with:)`): its subscription says so.
    @Test func aBindingEndsWithEitherSide() {
        let typed = Subject("ming")
        var shown: Subject<String>? = Subject("")
        let binding = typed.sync(with: shown!)
        #expect(!binding.isCancelled)
        shown = nil
        #expect(binding.isCancelled)
    }
}
