// expect: type 'Box' does not conform to the 'Sendable' protocol
// A subject of non-Sendable values is not Sendable: it cannot carry them to another task.
import SimpleSubject

final class Box {
    var count = 0
}

func sendFromAnotherTask(_ subject: Subject<Box>) {
    Task.detached {
        subject.sendNext(Box())
    }
}
