// expect: main actor-isolated static property 'shown' can not be mutated from
// An actor owner's subscriber runs on that actor: it may write the actor's state, and no other
// actor's (here the main actor's).
import SimpleSubject

@MainActor final class Screen {
    static var shown = 0
}

actor Connection {
    var version = 0
    func listen(to config: Subject<Int>) {
        config.subscribeNext(owner: self) { me, version in
            me.version = version
            Screen.shown = version
        }
    }
}
