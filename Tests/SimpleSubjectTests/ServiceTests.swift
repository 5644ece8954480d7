import SimpleSubject
import Testing

/// A per-connection actor of a service: it owns its subscription to the config.
private actor Connection {
    var versions: [Int] = []

    func listen(to config: Subject<Int>) {
        config.subscribeNext(owner: self) { me, version in me.versions.append(version) }
    }

    /// Sends on this actor, and reads what the subscriber recorded by the time `sendNext` returned.
    func send(_ version: Int, to config: Subject<Int>) -> [Int] {
        config.sendNext(version)
        return versions
    }
}

@Suite struct ActorOwnerTests {
    @Test func anActorOwnsASubscriptionThatWritesItsStateBeforeSendNextReturnsOnIt() async {
        let config = Subject(0)
        let connection = Connection()
        await connection.listen(to: config)
        #expect(await connection.send(1, to: config) == [0, 1])
    }

    @Test func valuesSentElsewhereReachTheActorInOrder() async {
        let config = Subject(0)
        let connection = Connection()
        await connection.listen(to: config)
        for version in 1...2_000 {
            config.sendNext(version)  // from outside the actor: queued to it
        }
        // Sent on the actor, 2,001 reaches it after everything queued before it, before `sendNext` returns.
        #expect(await connection.send(2_001, to: config) == Array(0...2_001))
    }

    @Test func theSubjectHoldsTheActorWeaklyAndTheSubscriptionEndsWithIt() async {
        let config = Subject(0)
        var connection: Connection? = Connection()
        await connection!.listen(to: config)
        weak let gone = connection
        connection = nil
        #expect(gone == nil)
        config.sendNext(1)
        #expect(config.subscriberCount == 0)
    }

    @Test func aSubscriberMadeOutsideTheActorStillRunsOnIt() async {
        let config = Subject(0)
        let connection = Connection()
        config.subscribeNext(owner: connection) { me, version in
            me.preconditionIsolated()
            me.versions.append(version)
        }
        config.sendNext(7)
        #expect(await connection.send(8, to: config) == [0, 7, 8])
    }
}
