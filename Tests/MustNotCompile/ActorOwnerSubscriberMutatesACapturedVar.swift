// expect: mutation of captured var 'count' in concurrently-executing code
// An actor owner's subscriber is `@Sendable`: it runs on its actor, while the code that made it
// goes on elsewhere, so it may not share a mutable local with it.
import SimpleSubject

actor Connection {
    func listen(to config: Subject<Int>) -> Int {
        var count = 0
        config.subscribeNext(owner: self) { _, _ in count += 1 }
        return count
    }
}
