extension ReadOnlySubject {
    /// The values of the newest inner subject only: the "latest request wins" pattern.
    ///
    /// Each value of this subject is a subject; the result follows the newest one. On each new
    /// inner subject it first ends the subscription to the previous one, then follows the new one
    /// from what a new subscriber of it gets first (a ``Subject``'s current value, at once). What
    /// came from the previous inner subject is not replayed after the switch.
    ///
    /// ```swift
    /// let results = query.map { api.search($0) }.switchToLatest()   // only the newest search
    /// ```
    ///
    /// Old inner subjects are let go of at the switch: a thousand switches hold none of them. On
    /// the thread that switches, nothing from the old inner subject arrives after the switch; as
    /// with any ``Subscription/cancel()``, a value that another thread is already delivering from
    /// it at that instant may still arrive.
    ///
    /// - Returns: A replay subject of the newest inner subject's latest value.
    /// - Complexity: one subscribe and one cancel per switch; one extra send per inner value.
    @inlinable public func switchToLatest<Inner>(file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Inner>
    where Value: SubjectBase<Inner> {
        followLatest(into: ReplaySubject<Inner>(bufferSize: 1), file, line)
    }
}

extension EventSubject {
    /// The values of the newest inner subject sent from now on; see ``ReadOnlySubject/switchToLatest(file:line:)``.
    @inlinable public func switchToLatest<Inner>(file: StaticString = #fileID, line: UInt = #line) -> EventSubject<Inner>
    where Value: SubjectBase<Inner> {
        followLatest(into: EventSubject<Inner>(), file, line)
    }
}

extension ReplaySubject {
    /// The values of the newest inner subject; see ``ReadOnlySubject/switchToLatest(file:line:)``.
    @inlinable public func switchToLatest<Inner>(file: StaticString = #fileID, line: UInt = #line) -> ReplaySubject<Inner>
    where Value: SubjectBase<Inner> {
        followLatest(into: ReplaySubject<Inner>(bufferSize: 1), file, line)
    }
}

extension SubjectBase {
    /// Feeds `target` from the newest inner subject: each value of this subject ends the
    /// subscription to the previous inner subject, then subscribes to the new one.
    @inlinable final func followLatest<Inner, Target: SubjectBase<Inner>>(
        into target: Target, _ file: StaticString, _ line: UInt, name: StaticString = #function
    ) -> Target where Value: SubjectBase<Inner> {
        let follower = InnerFollower()
        let forgets = target is ReplaySubject<Inner>
        // Weakly: the feed lives as long as the inner subject holds it, which must not keep
        // `follower`, whose end is what ends the inner subscription.
        let feed = Feed(target, from: [self], name: name, file: file, line: line, drawnFeeding: target,
                        following: { [weak follower] in follower?.subject })
        let outer = connected(to: feed, file, line) { inner, isolation in  // called while self delivers
            feed.skip()  // passes nothing on itself; detaches if nobody can observe the target
            guard feed.subscription?.isCancelledFlagSet == false else { return }
            let subscription = Subscriber(to: inner, file: file, line: line) { value, isolation in
                feed.send(value, from: isolation)
            }
            follower.follow(subscription)  // the old inner first (RxSwift #1001)
            if forgets {
                feed.sourceForgot()  // nothing from the old inner is replayed after the switch
            }
            feed.follows(inner)  // a deeper inner subject: what it feeds stays higher
            inner.attach(subscription, feeding: feed, runningIn: isolation, joiningTheSend: true)
        }
        attach(outer, feeding: feed)
        return target
    }
}

/// What follows a `switchToLatest`'s newest inner subject: its subscription to it (see
/// `SwitchToLatestStateMachine`). Only the operator's subscriber on its outer subject holds it,
/// so when that ends — cancelled, detached, or the outer subject released — it ends the inner
/// subscription too, and the inner subject lets go of the operator.
@usableFromInline final class InnerFollower: Sendable {
    private let machine = Locked(SwitchToLatestStateMachine())

    @usableFromInline init() {}

    /// Follows the newest inner subject through `next`: ends the previous subscription first.
    @usableFromInline func follow(_ next: Subscription) {
        let previous = machine.locked { $0.switched(to: next) }
        previous?.cancel()
    }

    /// The inner subject followed now, for `debugGraph`.
    @usableFromInline var subject: (any SubscriptionHost)? {
        machine.locked { $0.current?.host }
    }

    deinit {
        let current = machine.locked { $0.ended() }
        current?.cancel()
    }
}
