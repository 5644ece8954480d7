// expect: main actor-isolated conformance of 'Credit' to 'Equatable' cannot satisfy conformance requirement for a 'Sendable' type parameter
// Outside attack on issue 21 (round 2, N2): removeDuplicates compares on whichever thread
// delivers, so an equality isolated to the main actor (SE-0470) cannot be used there.
import SimpleSubject

struct Credit: Sendable {
    let points: Int
}

extension Credit: @MainActor Equatable {
    @MainActor static func == (a: Credit, b: Credit) -> Bool { a.points == b.points }
}

@MainActor func screen(_ credit: Subject<Credit>) {
    credit.removeDuplicates().subscribeNext { print($0.points) }
}
