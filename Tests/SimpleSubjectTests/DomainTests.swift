import Testing
@testable import SimpleSubject

/// Which edges join delivery domains (ARCHITECTURE.md, "Domains, and which edges join them"):
/// those where one send's paths can meet again, and no others.
struct DomainTests {
    @Test func aSubjectMadeAloneHasADomainOfItsOwn() {
        let first = Subject(0)
        let second = Subject(0)
        #expect(!first.domain.isJoined(with: second.domain))
        #expect(first.domain.isJoined(with: first.domain))
    }

    @Test func aChainOfSingleInputOperatorsSharesItsSourcesDomain() {
        let credit = Subject(0)
        let chain = credit.map { $0 * 2 }.filter { $0 > 10 }.compactMap { $0 }.removeDuplicates()
        let scanned = credit.scan(0, +).skip(1).prepend(7)
        let derived = credit.derive(into: EventSubject<Int>()) { value, downstream in downstream.send(value) }
        for subject in [chain.domain, scanned.domain, derived.domain] {
            #expect(subject.isJoined(with: credit.domain))
        }
    }

    @Test func combiningOperatorsJoinEverySource() {
        let a = Subject(1)
        let b = Subject("b")
        let c = EventSubject<Double>()
        let combined = combineLatest(a, b)
        let zipped = zip(b, c)
        #expect(a.domain.isJoined(with: b.domain))
        #expect(b.domain.isJoined(with: c.domain))
        #expect(combined.domain.isJoined(with: a.domain))
        #expect(zipped.domain.isJoined(with: c.domain))
    }

    @Test func mergeJoinsNeitherItsSourcesNorItsResult() {
        let a = EventSubject<Int>()
        let b = EventSubject<Int>()
        let merged = merge(a, b)
        #expect(!a.domain.isJoined(with: b.domain))
        #expect(!merged.domain.isJoined(with: a.domain))
        #expect(!merged.domain.isJoined(with: b.domain))
    }

    /// The case: a config subject that every connection reads must not pull the
    /// connections into one turn.
    @Test func perConnectionOperatorsReadingOneSharedConfigStayInDomainsOfTheirOwn() {
        let config = Subject("v1")
        let first = EventSubject<Int>()
        let second = EventSubject<Int>()
        let firstRequests = first.withLatestFrom(config)
        let secondRequests = second.withLatestFrom(config)
        let firstEvents = merge(first.map { "\($0)" }, config)
        let secondEvents = merge(second.map { "\($0)" }, config)
        #expect(firstRequests.domain.isJoined(with: first.domain))
        #expect(!firstRequests.domain.isJoined(with: config.domain))
        #expect(!first.domain.isJoined(with: second.domain))
        #expect(!firstEvents.domain.isJoined(with: secondEvents.domain))
        #expect(!config.domain.isJoined(with: first.domain))
        #expect(!config.domain.isJoined(with: second.domain))
        #expect(!secondRequests.domain.isJoined(with: firstRequests.domain))
    }

    @Test func timeAndAsyncOperatorsAndTheirInnersLeaveDomainsApart() {
        let query = Subject("")
        let debounced = query.debounce(for: .milliseconds(5))
        let throttled = query.throttle(for: .milliseconds(5), latest: true)
        let results = query.mapLatest { $0.count }
        let inner = Subject(1)
        let outer = Subject(inner)
        let switched = outer.switchToLatest()
        let partner = Subject("")
        query.sync(with: partner).cancel()
        for subject in [debounced.domain, throttled.domain, results.domain] {
            #expect(!subject.isJoined(with: query.domain))
        }
        #expect(switched.domain.isJoined(with: outer.domain))
        #expect(!switched.domain.isJoined(with: inner.domain))
        #expect(!partner.domain.isJoined(with: query.domain))
    }

    @Test func aBoundaryIsADomainOfItsOwn() {
        let settings = Subject(3)
        let theme = settings.boundary()
        let screen = theme.map { $0 + 1 }
        #expect(!theme.domain.isJoined(with: settings.domain))
        #expect(screen.domain.isJoined(with: theme.domain))
        #expect(theme.value == 3)
        settings.sendNext(4)
        #expect(screen.value == 5)
    }

    @Test func joinsAreTransitiveAndAnyMemberFindsTheSameRoot() {
        let nodes = (0..<9).map { _ in Domain() }
        nodes[0].join(nodes[1])
        nodes[2].join(nodes[3])
        nodes[3].join(nodes[4])
        nodes[1].join(nodes[4])
        nodes[5].join(nodes[5])
        let root = nodes[0].root
        #expect(nodes[0...4].allSatisfy { $0.root === root })
        #expect(nodes[5...].allSatisfy { $0.root !== root })
        #expect(nodes[5].root === nodes[5])
    }

    @Test func theGraphShowsEachSubjectsDomainWhenThereAreSeveral() {
        let settings = Subject(3).named("settings")
        let theme = settings.boundary().named("theme")
        _ = theme.map { $0 + 1 }.subscribeNext { _ in }
        let text = settings.debugGraph()
        #expect(text.contains("\"settings\" Subject<Int>(value: 3) · domain 1"))
        #expect(text.contains("\"theme\" Subject<Int>(value: 3) · domain 2"))
        #expect(text.contains("Subject<Int>(value: 4) · domain 2"))
        let dot = settings.debugGraph(.dot)
        #expect(dot.contains("subgraph cluster_domain2 { label=\"domain 2\";"))
    }

    @Test func theGraphOfOneDomainSaysNothingOfDomains() {
        let credit = Subject(80)
        _ = credit.map { $0 * 2 }.subscribeNext { _ in }
        #expect(!credit.debugGraph().contains("domain"))
        #expect(!credit.debugGraph(.dot).contains("cluster"))
    }
}
