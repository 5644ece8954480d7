#!/usr/bin/env bash
# Documentation examples, checked as a reader uses them: every ```swift block of README.md and of
# the DocC catalog (Sources/SimpleSubject/SimpleSubject.docc/*.md) is compiled as the `main.swift`
# of a program of its own (top-level code, so on the main actor, in Swift 6 mode, warnings as
# errors) against the library — and the blocks that say what they print are run, and their output
# compared with what the docs say.
#
# What a block is, is said by an HTML comment on the line before its fence (Markdown renderers
# and DocC show nothing of it). Without one, a block is a whole program: it is type-checked, with
# `import SimpleSubject` added when it has none.
#
#   <!-- doc-example: prints            the block is run; it must print exactly the lines up to
#   colour: gray                        `-->` (which repeat what its comments or the text around
#   -->                                 it say it prints)
#   <!-- doc-example: continues -->     the block goes on from the one before it in the same file:
#                                       both are checked as one program
#   <!-- doc-example: fragment NAME --> the block needs declarations it does not show: the hidden
#                                       preamble (and epilogue) NAME below goes around it
#   <!-- doc-example: tests -->        the block's `@Test` functions are run, as `swift test` runs
#                                       them (through Swift Testing's entry point); all must pass
#   <!-- doc-example: skip: REASON -->  not checked, for the reason given (a Package.swift excerpt)
#
# Blocks are checked two at a time (the CI machine has two cores); only the ones that print are
# linked and run, the others are type-checked, which is several times faster.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target StudentCredit >/dev/null  # and SimpleSubject, which it depends on
swift build --target SimpleSubjectTesting >/dev/null  # Getting Started's test with a TestClock
bin="$(swift build --show-bin-path)"

# The object files of target $1's current sources: a build folder keeps those of deleted files.
objects() {
    find "Sources/$1" -name '*.swift' -o -name '*.c' | while read -r source; do
        echo "$bin/$1.build/$(basename "$source").o"
    done
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Splits the docs into one folder per block: main.swift, and `expected` for a block that prints,
# `where` (file and line) for messages. Prints how many blocks were skipped, and why.
python3 - "$work" README.md Sources/SimpleSubject/SimpleSubject.docc/*.md <<'PY'
import os, re, sys

# The hidden declarations a fragment needs, by name: (preamble, epilogue).
FRAGMENTS = {
    # A screen with labels, as in an app; the README's view-model example runs inside it.
    "labels": ("""import StudentCredit
@MainActor final class Label {
    var text = ""
    var color = CreditColor.gray
}
let creditLabel = Label()
let statusLabel = Label()
""", ""),
    # The search field's service and what shows its results.
    "search": ("""enum api {
    static func search(_ text: String) -> Subject<[String]> { Subject([text]) }
}
func show(_ results: [String]) {}
""", ""),
    # An async search API.
    "async-search": ("""enum api {
    static func search(_ text: String) async -> [String] { [text] }
}
func show(_ results: [String]) {}
""", ""),
    # A label and the credit text bound to it.
    "assign": ("""@MainActor final class Label { var text = "" }
let creditLabel = Label()
let creditText = Subject(0).map { "\\($0) points" }
""", ""),
    # Inside a screen's method: `self` is the screen.
    "screen-method": ("""@MainActor final class Screen {
    let credit = Subject(0)
    func redraw(_ credit: Int) {}
    func bind() {
""", """
    }
}
"""),
    # The actor example's service call and label.
    "service": ("""enum api {
    static func fetchCredit() async -> Int { 75 }
}
@MainActor final class Label { var text = "" }
""", ""),
    # The example domain's student.
    "student": ("""import StudentCredit
let student = Student.create()
""", ""),
    # A credit and the colour policy of the example domain.
    "policy": ("""import StudentCredit
let credit = Subject(75)
let policy = CreditPolicy.standard
""", ""),
    # `@Observable` needs Observation.
    "observation": ("import Observation\n", ""),
}

# Runs the block's tests with Swift Testing's entry point (what `swift test` calls) and says how
# they went on stdout; the test runner's report goes to stderr.
TESTS_EPILOGUE = """
let testStatus: CInt = await Testing.__swiftPMEntryPoint()
print(testStatus == 0 ? "tests passed" : "tests failed")
"""

work, files = sys.argv[1], sys.argv[2:]
fence = re.compile(r"^```(\S*)\s*$")
directive = re.compile(r"<!--\s*doc-example:\s*(.*?)-->", re.S)
count = skipped = 0
for path in files:
    lines = open(path).read().split("\n")
    previous = ""  # the program of the block before, for `continues`
    index, number = 0, 0
    while index < len(lines):
        match = fence.match(lines[index])
        if not match:
            index += 1
            continue
        end = index + 1
        while not lines[end].startswith("```"):
            end += 1
        if match.group(1) != "swift":
            index = end + 1
            continue
        number += 1
        code = "\n".join(lines[index + 1:end]) + "\n"
        # The directive: an HTML comment that ends on the line before the fence.
        before = "\n".join(lines[:index]).rstrip()
        found = directive.search(before[before.rfind("<!--"):]) if before.endswith("-->") else None
        kind, _, rest = (found.group(1).strip() if found else "").partition("\n")
        where = f"{path}:{index + 1} (Swift block {number})"
        words = kind.split()
        preamble, epilogue, expected = "", "", None
        if words and words[0].startswith("skip"):
            print(f"skipped: {where}: {kind.partition(':')[2].strip()}")
            skipped += 1
            index = end + 1
            continue
        elif words and words[0] == "prints":
            expected = rest.rstrip("\n")
        elif words and words[0] == "tests":
            epilogue = TESTS_EPILOGUE
            expected = "tests passed"
        elif words and words[0] == "continues":
            preamble = previous
        elif words and words[0] == "fragment":
            preamble, epilogue = FRAGMENTS[words[1]]
        elif words:
            sys.exit(f"error: {where}: unknown directive '{kind}'")
        program = preamble + code + epilogue
        if not re.search(r"^import SimpleSubject$", program, re.M):
            program = "import SimpleSubject\n" + program
        count += 1
        folder = os.path.join(work, f"{count:03}")
        os.makedirs(folder)
        open(os.path.join(folder, "main.swift"), "w").write(program)
        open(os.path.join(folder, "where"), "w").write(where)
        if expected is not None:
            open(os.path.join(folder, "expected"), "w").write(expected)
        previous = program
        index = end + 1
print(f"{count} Swift blocks to check, {skipped} skipped")
PY

# Checks the block in folder $1: type-checks it, or, when it prints, builds, runs and compares.
check() {
    local folder=$1 where
    where=$(cat "$folder/where")
    local flags=(-swift-version 6 -warnings-as-errors -I "$bin/Modules"
        -Xcc -fmodule-map-file="$bin/SimpleSubjectRuntime.build/module.modulemap")
    if [ ! -f "$folder/expected" ]; then
        if ! swiftc -typecheck "${flags[@]}" "$folder/main.swift" 2> "$folder/errors"; then
            echo "FAIL: $where does not compile:" >&2
            cat "$folder/errors" >&2
            return 1
        fi
        echo "ok: $where compiles"
        return 0
    fi
    if ! swiftc "${flags[@]}" "$folder/main.swift" $(objects SimpleSubject) \
        $(objects SimpleSubjectRuntime) $(objects StudentCredit) $(objects SimpleSubjectTesting) \
        -o "$folder/run" 2> "$folder/errors"; then
        echo "FAIL: $where does not compile:" >&2
        cat "$folder/errors" >&2
        return 1
    fi
    local printed
    printed=$("$folder/run" 2> "$folder/report")
    if [ "$printed" != "$(cat "$folder/expected")" ]; then
        {
            echo "FAIL: $where printed:"
            echo "$printed"
            cat "$folder/report"
            echo "but the docs say:"
            cat "$folder/expected"
        } >&2
        return 1
    fi
    echo "ok: $where compiles and prints what it says"
}
export -f check objects
export bin

# xargs exits non-zero when any check failed; every block is checked either way.
find "$work" -mindepth 1 -maxdepth 1 -type d | sort | xargs -P 2 -I {} bash -c 'check {}'
