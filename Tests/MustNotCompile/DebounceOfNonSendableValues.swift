// expect: type 'Draft' does not conform to the 'Sendable' protocol
// `debounce` (and `throttle`) send their values from a task: values that are not `Sendable` cannot
// cross into it.
import SimpleSubject

final class Draft {
    var text = ""
}

func settle(_ drafts: EventSubject<Draft>) -> EventSubject<Draft> {
    drafts.debounce(for: .milliseconds(300))
}
