import NavSource
import Testing

@testable import NavObjC

/// The parser's view of a file: units, methods and their selectors, statements.
@Suite("Reading declarations")
struct DeclarationTests {
    static func units(_ text: String) -> (units: [ClassUnit], file: ClassUnit, constants: [String: Expr]) {
        let lexed = Source.tokens(text)
        var parser = Parser(tokens: lexed.tokens, nestingLimit: 256, deadline: 1, clock: { 0 })
        parser.parseFile()
        return (parser.units, parser.fileUnit, parser.constants)
    }

    @Test("Interfaces give superclasses; extensions and categories give category names")
    func interfaces() {
        let parsed = Self.units(
            """
            @interface Base<__covariant T> : UIViewController <UITableViewDelegate> {
                NSInteger _count;
            }
            @property (nonatomic) NSInteger count;
            - (void)reload NS_REQUIRES_SUPER;
            + (instancetype)controllerWithTitle:(NSString *)title style:(NSInteger)style;
            @end
            @interface Base ()
            @end
            @interface UIViewController (BackHandler) <BackHandler>
            - (BOOL)navigationShouldPopOnBackButton;
            @end
            @protocol Forward;
            @class A, B;
            """)
        #expect(parsed.units.map(\.name) == ["Base", "Base", "UIViewController"])
        #expect(parsed.units.map(\.superclass) == ["UIViewController", nil, nil])
        #expect(parsed.units.map(\.category) == [nil, "", "BackHandler"])
        #expect(parsed.units[0].declared.map(\.0) == ["reload", "controllerWithTitle:style:"])
        #expect(parsed.units[2].declared.map(\.0) == ["navigationShouldPopOnBackButton"])
    }

    @Test("Method definitions keep their selectors, parameters and bodies, past attributes")
    func methods() {
        let parsed = Self.units(
            """
            @implementation Screen
            @synthesize value = _value;
            - (void)viewDidLoad NS_REQUIRES_SUPER {
                [super viewDidLoad];
            }
            - (BOOL)navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item __attribute__((objc_direct)) {
                return YES;
            }
            + (void)log:(NSString *)format, ... API_AVAILABLE(ios(11.0)) {
            }
            - (void)a:(int)x :(int)y { }
            @end
            """)
        let functions = parsed.units.first?.functions ?? []
        #expect(functions.map(\.name) == ["viewDidLoad", "navigationBar:shouldPopItem:", "log:", "a::"])
        #expect(functions.map(\.isClassMethod) == [false, false, true, false])
        #expect(functions[1].parameters == ["bar": "UINavigationBar", "item": "UINavigationItem"])
        #expect(functions.map(\.statements.count) == [1, 1, 0, 0])
    }

    @Test("C functions have bodies; typedefs, enums, structs and C++ classes are skipped; const globals are kept")
    func externals() {
        let parsed = Self.units(
            """
            typedef NS_ENUM(NSInteger, Mode) { ModeA, ModeB };
            typedef struct { CGFloat x; } Pair;
            static const CGFloat kSize = 30.0;
            static NSString * const kTitle = @"Orders";
            static NSString *mutableTitle = @"Changes";
            NS_ASSUME_NONNULL_BEGIN
            static void Configure(UINavigationBar *bar) {
                bar.translucent = NO;
            }
            namespace app { class Box { int v; }; }
            extern "C" void Exported(void);
            NS_ASSUME_NONNULL_END
            """)
        #expect(parsed.file.functions.map(\.name) == ["Configure"])
        #expect(Set(parsed.constants.keys) == ["kSize", "kTitle"])
    }

    @Test("A body missing its closing brace ends at @end and at the next method, and the next method is read")
    func resynchronises() {
        let parsed = Self.units(
            """
            @implementation Broken
            - (void)first {
                if (x) {
                    [self go];
            - (void)second {
                self.title = @"Two";
            }
            @end
            @implementation Next
            - (void)third {
                [self stay
            @end
            """)
        #expect(parsed.units.map(\.name) == ["Broken", "Next"])
        #expect(parsed.units[0].functions.map(\.name) == ["first", "second"])
        #expect(parsed.units[1].functions.map(\.name) == ["third"])
    }

    @Test("Statements are flattened in source order, and branches, loops and blocks are conditional")
    func statements() {
        let parsed = Self.units(
            """
            @implementation S
            - (void)go {
                a = 1;
                if (b) { c = 2; } else if (d) { e = 3; } else { f = 4; }
                if (@available(iOS 13.0, *)) { g = 5; } else { h = 6; }
                for (UIView *v in views) { i = 7; }
                dispatch_async(q, ^{ j = 8; });
                [x run:^{ k = 9; }];
                @try { l = 10; } @catch (NSException *ex) { m = 11; } @finally { n = 12; }
                switch (o) { case 1: p = 13; break; default: break; }
                if (q) return;
                r = 14;
            }
            @end
            """)
        let statements = parsed.units[0].functions[0].statements
        var assigned: [String: Bool] = [:]
        for s in statements {
            if case .expression(.assign("=", .name(let n, _), _, _)) = s.kind { assigned[n] = s.conditional }
        }
        #expect(
            assigned == [
                "a": false, "c": true, "e": true, "f": true, "g": false, "h": false, "i": true, "j": false, "k": true, "l": false,
                "m": true, "n": false, "p": true, "r": true,
            ])
        #expect(
            statements.contains {
                if case .declaration(let d) = $0.kind { return d.name == "v" && d.type == "UIView" } else { return false }
            })
    }

    @Test("Declarations of locals: pointers, generics, qualifiers, typeof, blocks, several declarators")
    func declarations() {
        let parsed = Self.units(
            """
            @implementation S
            - (void)go {
                UIBarButtonItem *item = nil, *other;
                NSArray<UIBarButtonItem *> *items = @[];
                __weak typeof(self) weakSelf = self;
                static dispatch_once_t once;
                void (^done)(BOOL) = ^(BOOL ok) { };
                unsigned long count = 0;
                CGFloat width = 10;
                id<UIGestureRecognizerDelegate> delegate = nil;
                std::vector<int> values;
                WEAKSELF
                width = 20;
            }
            @end
            """)
        let declared = parsed.units[0].functions[0].statements.compactMap { s -> String? in
            guard case .declaration(let d) = s.kind else { return nil }
            return "\(d.name):\(d.type ?? "-")"
        }
        #expect(
            declared == [
                "item:UIBarButtonItem", "other:UIBarButtonItem", "items:NSArray", "weakSelf:-", "once:dispatch_once_t", "done:-",
                "count:int", "width:CGFloat", "delegate:id", "values:vector",
            ])
    }

    @Test("Version checks, however spelled, are not conditions; other checks are")
    func versionChecks() {
        let parsed = Self.units(
            """
            @implementation S
            - (void)go {
                if ([[UIDevice currentDevice].systemVersion floatValue] >= 11.0) { a = 1; }
                if (IOS_11_OR_LATER) { b = 2; }
                if (kiOS13Later) { c = 3; }
                if ([self.navigationController respondsToSelector:@selector(interactivePopGestureRecognizer)]) { d = 4; }
                if (SYSTEM_VERSION_GREATER_THAN_OR_EQUAL_TO(@"14.0")) { e = 5; }
                if ([self.delegate respondsToSelector:@selector(done)]) { f = 6; }
                if (@available(iOS 13.0, *) && self.darkMode) { g = 7; }
                if (ios) { h = 8; }
            }
            @end
            """)
        var assigned: [String: Bool] = [:]
        for s in parsed.units[0].functions[0].statements {
            if case .expression(.assign("=", .name(let n, _), _, _)) = s.kind { assigned[n] = s.conditional }
        }
        #expect(assigned == ["a": false, "b": false, "c": false, "d": false, "e": false, "f": true, "g": true, "h": true])
    }
}
