// How a subscriber's closure, which knows its own isolation, is kept and called.
//
// Every subscribing call takes its closure as `@_inheritActorContext @Sendable @isolated(any)`.
// - `@_inheritActorContext`: the type checker does not treat such a closure as `@Sendable` when
//   it infers the closure's isolation (`isSendableClosure(_:forActorIsolation:)` in
//   lib/Sema/TypeCheckConcurrency.cpp), so the closure takes the isolation of the code it is
//   written in: a global actor's always, an actor instance's when it uses the actor — the rule
//   `Task {}` follows. (docs/ReferenceGuides/UnderscoredAttributes.md says the attribute does
//   nothing for synchronous closures, because they cannot hop before they run; an
//   `@isolated(any)` one can be hopped to, by its caller.)
// - `@isolated(any)` (SE-0431): the function value carries that isolation, and
//   `block.isolation` reads it. It is fixed where the closure is written: no caller can misstate it.
// - `@Sendable`: a nonisolated closure may be called from any thread.
// IsolationTests pin all three: main-actor subscribers assert that they run on the main actor.
//
// The library keeps that isolation for the subscriber (Slot, Hop) and the closure as a plain
// function, which it calls only where the isolation holds:
// - at once, when the delivery runs on that actor: the sender's `isolation` is an `isolated`
//   parameter, so the compiler has checked that the sender runs there;
// - in a job isolated to that actor (`Hop.drain(on:)`), otherwise;
// - anywhere, when `block.isolation` is nil: the closure is then nonisolated and `@Sendable`.
// That is what the language's own call, `await block(value)`, does: SE-0431 has the caller, not
// the callee, switch to the function's isolation (SILGen: `function_extract_isolation`, a
// `hop_to_executor` to it, then an ordinary `apply`), and a synchronous isolated body does not
// check where it runs. The plain call only leaves out the switch where we are already on the
// actor: no `await`, no task, no extra frame.
//
// An owner's subscriber (SubjectBase+Owners.swift) is kept and called the same way. An
// observing subject's reader (Observing.swift) is called at once in `Subject(observing:)`, which
// checks that it runs on the reader's actor, then in jobs isolated to that actor, or anywhere
// when it is nonisolated.
//
// The bit-cast is sound because both types have one representation: an `@isolated(any)` function
// is an ordinary thick function (invocation pointer and context) whose isolation is stored in its
// context — lib/IRGen/GenFunc.cpp, `emitExtractFunctionIsolation`, loads it "at a known offset
// within a closure object" — and it is called with the plain type's convention. Swift forbids
// the conversion in source for where the result may be called (off the function's actor:
// userdocs/diagnostics/conversion-from-isolated-any-to-synchronous.md), not for its bits; in
// 6.3 it is a warning and lowers to a no-op `convert_function`. IsolationTests' "the
// representation the plain call relies on" fails if that changes.

// The four casts below — a subscriber's closure, an owner's subscriber's closure (a class's, an
// actor's), an observing subject's reader — have one shape: what is cast is a struct holding the function, not the
// function. `unsafeBitCast` is generic, and a function passed to it is reabstracted by a thunk on
// the way in and another on the way out, two more stack frames in every call. A generic struct
// stores its function with the abstraction its declaration spells, the same in both structs, so
// nothing is converted.

/// `block` as a plain function, to be called only where `block.isolation` holds (see above).
@inlinable
@inline(__always)
func plainFunction<Value>(_ block: @escaping @Sendable @isolated(any) (Value) -> Void) -> (Value) -> Void {
    unsafeBitCast(IsolatedFunction(block), to: PlainFunction<Value>.self).call
}

/// A subscriber's closure as it is given.
@usableFromInline struct IsolatedFunction<Value> {
    @usableFromInline let call: @Sendable @isolated(any) (Value) -> Void
    @inlinable init(_ call: @escaping @Sendable @isolated(any) (Value) -> Void) { self.call = call }
}

/// A subscriber's closure as it is kept.
@usableFromInline struct PlainFunction<Value> {
    @usableFromInline let call: (Value) -> Void
}

/// `block` as a plain function, to be called only where `block.isolation` holds (see above).
@inline(__always)
func plainPairFunction<Owner: AnyObject & Sendable, Value>(
    _ block: @escaping @Sendable @isolated(any) (Owner, Value) -> Void
) -> (Owner, Value) -> Void {
    unsafeBitCast(IsolatedPairFunction(call: block), to: PlainPairFunction<Owner, Value>.self).call
}

/// An owner's subscriber's closure as it is given. `Owner` is a class here, as at the call site:
/// an unconstrained one would pass owners indirectly, and converting between the two puts two
/// reabstraction thunks (two stack frames) in every delivery.
struct IsolatedPairFunction<Owner: AnyObject & Sendable, Value> {
    let call: @Sendable @isolated(any) (Owner, Value) -> Void
}

/// An owner's subscriber's closure as it is kept.
struct PlainPairFunction<Owner: AnyObject & Sendable, Value> {
    let call: (Owner, Value) -> Void
}

/// `block` as a plain function, to be called only on `owner`, the actor its first parameter is:
/// what `Actor.assumeIsolated` does with its closure, for the same reason (an `isolated`
/// parameter changes where a function may be called, not how).
@inline(__always)
func plainActorFunction<Owner: Actor, Value>(
    _ block: @escaping @Sendable (isolated Owner, Value) -> Void
) -> (Owner, Value) -> Void {
    unsafeBitCast(IsolatedActorFunction(call: block), to: PlainPairFunction<Owner, Value>.self).call
}

/// An actor owner's subscriber's closure as it is given.
struct IsolatedActorFunction<Owner: Actor, Value> {
    let call: @Sendable (isolated Owner, Value) -> Void
}

/// `read` as a plain function, to be called only where `read.isolation` holds (see above).
@inline(__always)
func plainReader<Value>(_ read: @escaping @Sendable @isolated(any) () -> Value) -> () -> Value {
    unsafeBitCast(IsolatedReader(call: read), to: PlainReader<Value>.self).call
}

/// An observing subject's closure as it is given.
struct IsolatedReader<Value> {
    let call: @Sendable @isolated(any) () -> Value
}

/// An observing subject's closure as it is called.
struct PlainReader<Value> {
    let call: () -> Value
}
