// expect: type 'Counter' does not conform to the 'Sendable' protocol
// Program 3's sibling for subscribeNext(owner:): the owner is handed to the closure where the
// closure runs, which outside any actor is whichever thread sends.
import SimpleSubject

final class Counter {
    var count = 0
}

func count(_ subject: Subject<Int>) {
    let counter = Counter()
    subject.subscribeNext(owner: counter) { counter, _ in counter.count += 1 }
    counter.count += 1
}
