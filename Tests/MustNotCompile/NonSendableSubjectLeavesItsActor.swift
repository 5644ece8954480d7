// expect: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
// A subject of non-Sendable values with a subscriber made on the main actor lives there: it
// cannot be moved to another task, whose sends would hand the main actor values it also touches.
import SimpleSubject

final class Box {
    var count = 0
}

@MainActor func watch() {
    let subject = Subject(Box())
    subject.subscribeNext { box in box.count += 1 }
    Task.detached {
        let box = Box()
        subject.sendNext(box)
        box.count += 1
    }
}
