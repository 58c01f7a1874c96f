import NavModel
import NavSource

/// Reads storyboards and xibs into `SourceFacts`.
///
/// What is read:
/// - each scene's view controller (`viewController`, `tableViewController`, `navigationController`, ...) as a
///   ``ScreenDraft`` of kind `.storyboardScene`, named by its custom class (so it joins the Swift or
///   Objective-C class of that name) or else by ``ScreenDraft/sceneName(file:id:)``; with a custom class its
///   superclass is the UIKit class of the element. In a xib, the view controllers among the top-level objects
///   and inside a navigation controller's `<viewControllers>`;
/// - the view controller's `title`, and its `navigationItem`: title, back, left and right bar button items
///   (one or a collection, with title, image, system item, fixed space width, custom view and its frame,
///   and whether an action or segue is attached), `hidesBackButton`, `leftItemsSupplementBackButton`,
///   `backButtonTitle`, `backButtonDisplayMode`, the title view and its frame, and its bar appearances;
/// - a navigation controller's `navigationBarHidden` and its `navigationBar`: `barTintColor`, `tintColor`, the
///   title text colour, `translucent`, large titles and the standard, scroll-edge and compact appearances
///   with their background colours. These are settings of the navigation controller's own screen;
/// - segues as edges: a navigation controller's root relationship, `show` and `push`, the modal kinds as
///   presentations, and embeds and a tab bar controller's tabs as children, from the screen of the scene they
///   are in (also from bar button items and cells). A
///   segue to a scene of this file with a custom class names the class; to another scene, the scene;
///   to a storyboard reference, the identifier it references;
/// - boolean runtime attributes of a view controller that turn the swipe back off or hide the bar:
///   FDFullscreenPopGesture's `fd_interactivePopDisabled` and `fd_prefersNavigationBarHidden`,
///   RTRootNavigationController's `rt_disableInteractivePop`, HBDNavigationBar's `hbd_swipeBackEnabled` and
///   `hbd_barHidden`, GKNavigationBarViewController's `gk_interactivePopDisabled`;
/// - `navd:` directives in XML comments. Xcode drops comments when it saves a storyboard, so findings in
///   storyboards are also suppressed by element id in the configuration.
///
/// Not read: bars placed in a view with their own items (not a navigation controller's), bar button item
/// styles and tints, large title attributes and display modes, the class of a navigation bar, toolbar and tab
/// bar items, unwind and custom segues, and a xib's File's Owner (its navigation code is elsewhere).
///
/// The file is untrusted: one larger than `maxFileBytes`, with a document type declaration (the only way to
/// declare entities) or in an encoding other than UTF-8 is refused before parsing. Bytes that are not UTF-8
/// end the part that is parsed; malformed XML, nesting deeper than `maxNesting` and reading longer than
/// `maxSecondsPerFile` stop the parse. Each gives one `ReadProblem`, and what was read before it is kept.
public struct StoryboardReader: SourceReader {
    /// A reader; it keeps no state between files.
    public init() {}

    /// The facts of one storyboard or xib; what cannot be read is one `ReadProblem`, never a trap.
    public func read(_ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @Sendable () -> Double) -> SourceFacts {
        var facts = SourceFacts(file: file, language: file.hasSuffix(".xib") ? .xib : .storyboard)
        let table = LineTable(bytes, file: file)
        guard bytes.count <= limits.maxFileBytes else {
            facts.problems = [
                ReadProblem(
                    location: table.location(ofByte: 0),
                    message: "the file has \(bytes.count) bytes, more than \(ReaderLimits.fileBytesName) (\(limits.maxFileBytes))",
                    limit: ReaderLimits.fileBytesName)
            ]
            return facts
        }
        if let refusal = XMLInput.refusal(bytes) {
            facts.problems = [ReadProblem(location: table.location(ofByte: refusal.offset), message: refusal.message)]
            return facts
        }
        let valid = XMLInput.validUTF8Prefix(bytes)
        let input = valid == bytes.count ? bytes : Array(bytes[..<valid])
        // The parse only reads the clock while it runs, and is gone before this closure returns.
        let parse = withoutActuallyEscaping(clock) { clock in
            let parse = StoryboardParse(input: input, table: table, file: file, limits: limits, clock: clock)
            parse.run()
            return parse.outcome()
        }
        facts.screens = parse.screens
        facts.edges = parse.edges
        facts.directives = parse.directives
        if valid < bytes.count {
            // Cutting the input makes the parser complain about its end; the bad byte is the real cause, unless
            // the parser stopped on an earlier line for a reason of its own.
            let bad = table.location(ofByte: valid)
            if let problem = parse.problem, problem.location.line < bad.line {
                facts.problems = [problem]
            } else {
                let byte = bytes[valid]
                let what = byte == 0 ? "a NUL byte" : "bytes that are not UTF-8 (0x\(String(byte, radix: 16, uppercase: true)))"
                facts.problems = [ReadProblem(location: bad, message: "\(what): the rest of the file is not read")]
            }
        } else if let problem = parse.problem {
            facts.problems = [problem]
        } else if !parse.sawRoot {
            facts.problems = [ReadProblem(location: table.location(ofByte: 0), message: "the file holds no XML document")]
        }
        return facts
    }
}
