// expect: mutation of captured var 'count' in concurrently-executing code
// Program 3 of issue 21: a subscriber made outside any actor runs on whichever thread sends, so
// it cannot share a mutable local with the code that made it.
import SimpleSubject

func count(_ subject: Subject<Int>) {
    var count = 0
    subject.subscribeNext { _ in count += 1 }
    count += 1
}
