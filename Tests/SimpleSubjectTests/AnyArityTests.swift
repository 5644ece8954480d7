import SimpleSubject
import Testing

/// `combineLatest` and `zip` of any number of sources, as one flat tuple (issue 29: a form of four
/// fields did not compile, and nesting gave `((String, String), (String, String))`).
@Suite struct AnyArityTests {
    @Test func aFormOfFourFieldsCombinesIntoOneFlatTuple() {
        let name = Subject("")
        let email = Subject("")
        let password = Subject("")
        let confirm = Subject("")
        let form: Subject<(String, String, String, String)> = combineLatest(name, email, password, confirm)
        let valid = form.map { name, email, password, confirm in
            !name.isEmpty && email.contains("@") && password.count >= 8 && password == confirm
        }
        let seen = record(valid)
        name.sendNext("ming")
        email.sendNext("ming@example.com")
        password.sendNext("12345678")
        confirm.sendNext("12345678")
        #expect(seen.values == [false, false, false, false, true])
        #expect(form.value == ("ming", "ming@example.com", "12345678", "12345678"))
    }

    @Test(arguments: [2, 3, 5, 8])
    func combineLatestOfOneSourceThroughManyPathsComputesOncePerSend(paths: Int) {
        let d = Subject(1)
        let sums: Subject<Int>
        switch paths {
        case 2: sums = combineLatest(d.map { $0 }, d.map { $0 }).map { $0 + $1 }
        case 3: sums = combineLatest(d.map { $0 }, d.map { $0 }, d.map { $0 }).map { $0 + $1 + $2 }
        case 5: sums = combineLatest(d.map { $0 }, d.map { $0 }, d.map { $0 }, d.map { $0 }, d.map { $0 })
            .map { $0 + $1 + $2 + $3 + $4 }
        default: sums = combineLatest(d, d, d, d, d, d, d, d).map { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        }
        let seen = record(sums)
        d.sendNext(2)
        #expect(seen.values == [paths, 2 * paths])
    }

    @Test func combineLatestOfMixedKindsWaitsForEverySourceToHaveAValue() {
        let name = Subject("ming")
        let taps = EventSubject<Int>()
        let scores = ReplaySubject<Double>(bufferSize: 1)
        let seen = Recorder<String>()
        combineLatest(name, taps, scores).subscribeNext { seen.append("\($0) \($1) \($2)") }
        taps.sendNext(1)
        scores.sendNext(0.5)
        taps.sendNext(2)
        #expect(seen.values == ["ming 1 0.5", "ming 2 0.5"])
    }

    @Test func zipOfFourMakesFlatQuadruplesInOrder() {
        let a = EventSubject<Int>()
        let b = EventSubject<String>()
        let c = EventSubject<Bool>()
        let d = EventSubject<Double>()
        let seen = Recorder<String>()
        zip(a, b, c, d).subscribeNext { seen.append("\($0)\($1)\($2)\($3)") }
        a.sendNext(1)
        a.sendNext(2)
        b.sendNext("x")
        c.sendNext(true)
        #expect(seen.values.isEmpty)
        d.sendNext(0.5)
        b.sendNext("y")
        c.sendNext(false)
        d.sendNext(1.5)
        #expect(seen.values == ["1xtrue0.5", "2yfalse1.5"])
    }
}

/// `removeDuplicates(by:)` and `withLatestFrom` on every kind (issue 29, item 3).
@Suite struct FormOperatorTests {
    @Test func removeDuplicatesByComparesTuplesThatAreNotEquatable() {
        let name = Subject("ming")
        let email = Subject("a@b")
        let seen = record(combineLatest(name, email).removeDuplicates { $0 == $1 }.map { "\($0) \($1)" })
        name.sendNext("ming")
        email.sendNext("c@d")
        email.sendNext("c@d")
        #expect(seen.values == ["ming a@b", "ming c@d"])
    }

    @Test func removeDuplicatesByAKeyOnEventsAndReplays() {
        let events = EventSubject<String>()
        let replays = ReplaySubject<String>(bufferSize: 2)
        let seenEvents = record(events.removeDuplicates { $0.lowercased() == $1.lowercased() })
        let seenReplays = record(replays.removeDuplicates { $0.count == $1.count })
        for word in ["a", "A", "b", "bb"] {
            events.sendNext(word)
            replays.sendNext(word)
        }
        #expect(seenEvents.values == ["a", "b", "bb"])
        #expect(seenReplays.values == ["a", "bb"])
    }

    @Test func withLatestFromWorksOnAFilteredSubject() {
        let credit = Subject(80)
        let user = Subject("ming")
        let seen = record(credit.filter { $0 >= 70 }.withLatestFrom(user).map { "\($0) \($1)" })
        credit.sendNext(20)
        user.sendNext("hong")
        credit.sendNext(90)
        #expect(seen.values == ["80 ming", "90 hong"])
    }
}

/// The outside attack's G1: a closure reads every element of a three- or four-tuple by index, as
/// it could before the any-number form existed.
@Suite struct TupleIndexTests {
    @Test func closuresReadTheThirdAndFourthElementsByIndex() {
        let a = Subject(1)
        let b = Subject(2)
        let c = Subject(3)
        let d = Subject(4)
        let third = record(combineLatest(a, b, c).map { $0.2 })
        let fourth = record(combineLatest(a, b, c, d).map { $0.3 })
        let events = EventSubject<Int>()
        let zipped = record(zip(events, events, events, events).map { $0.3 })
        events.sendNext(5)
        #expect(third.values == [3])
        #expect(fourth.values == [4])
        #expect(zipped.values == [5])
    }
}

/// The spelled-out three- and four-source forms keep the pack form's guarantees: the operator is
/// named where it was made, and it detaches from every source once nothing observes it.
@Suite struct SpelledOutCombineLatestTests {
    @Test func threeAndFourSourcesAreNamedWhereTheyWereMade() {
        let a = Subject(1)
        let b = Subject(2)
        let three = combineLatest(a, b, a, file: "Form.swift", line: 3)
        let four = combineLatest(a, b, a, EventSubject<Int>(), file: "Form.swift", line: 4)
        #expect(a.debugGraph().contains("combineLatest at Form.swift:3 → #"))
        #expect(a.debugGraph().contains("combineLatest at Form.swift:4 → #"))
        #expect(three.value == (1, 2, 1))
        withExtendedLifetime(four) {}
    }

    @Test func threeAndFourSourcesDetachOnceUnobserved() {
        let a = Subject(1)
        let taps = EventSubject<Int>()
        do {
            let three = combineLatest(a, a, taps).subscribeNext { _ in }
            let four = combineLatest(a, taps, a, a).subscribeNext { _ in }
            three.cancel()
            four.cancel()
        }
        a.sendNext(2)
        taps.sendNext(1)
        #expect(a.subscriberCount == 0)
        #expect(taps.subscriberCount == 0)
    }
}
