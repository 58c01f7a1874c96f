import Foundation
import NavSource
import Testing

@testable import NavObjC

/// Macro-heavy generated code, read whole at any size. How the reader's cost grows with a file's size is measured by
/// `make bench` (scripts/bench_scale.py, "one Objective-C file against its size"), not timed here.
@Suite("Speed")
struct PerformanceTests {
    /// One screen of macro-heavy code, about 2 KB, its names made unique by `n`.
    static func screen(_ n: Int) -> String {
        """
        #pragma mark - Screen \(n)
        #define kTitle\(n) @"Screen \(n)"
        #if 0
        self.navigationItem.hidesBackButton = YES;
        #endif

        @interface Generated\(n)ViewController () <UIGestureRecognizerDelegate>
        @property (nonatomic, strong) UIButton *backButton;
        @end

        @implementation Generated\(n)ViewController

        - (void)viewDidLoad {
            [super viewDidLoad];
            WEAKSELF
            @weakify(self);
            self.title = kTitle\(n);
            kWeakSelf(weakSelf)
            self.navigationController.navigationBar.barTintColor = RGB(0x33, 0x66, \(n % 256));
            self.navigationController.navigationBar.tintColor = [UIColor colorWithRed:\(n % 256) / 255.0 green:0.5 blue:0.5 alpha:1];
            [self.navigationController.navigationBar setTitleTextAttributes:@{NSForegroundColorAttributeName: kColorMain, NSFontAttributeName: FONT(17)}];
            UIBarButtonItem *space = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemFixedSpace target:nil action:nil];
            space.width = -\(n % 20);
            self.navigationItem.leftBarButtonItems = @[space, [[UIBarButtonItem alloc] initWithCustomView:self.backButton]];
            self.navigationController.interactivePopGestureRecognizer.delegate = (id<UIGestureRecognizerDelegate>)self;
            [self.service load:^(NSDictionary *json) {
                @strongify(self);
                weakSelf.navigationItem.rightBarButtonItem = [UIBarButtonItem itemWithImageName:@"more" target:self action:@selector(more)];
                DLog(@"loaded %@", json)
            }];
            if (@available(iOS 14.0, *)) {
                self.navigationItem.backButtonDisplayMode = UINavigationItemBackButtonDisplayModeMinimal;
            }
        }

        - (UIButton *)backButton {
            if (!_backButton) {
                _backButton = [UIButton buttonWithType:UIButtonTypeCustom];
                _backButton.frame = CGRectMake(0, 0, 30, 30);
                [_backButton addTarget:self action:@selector(back) forControlEvents:UIControlEventTouchUpInside];
            }
            return _backButton;
        }

        - (void)next {
            Generated\(n + 1)ViewController *vc = [[Generated\(n + 1)ViewController alloc] init];
            [self.navigationController pushViewController:vc animated:YES];
        }

        @end


        """
    }

    static func file(bytes: Int) -> String {
        var text =
            "#import \"Generated.h\"\n#define RGB(r, g, b) [UIColor colorWithRed:(r) / 255.0 green:(g) / 255.0 blue:(b) / 255.0 alpha:1]\n"
        var n = 0
        while text.utf8.count < bytes {
            text += screen(n)
            n += 1
        }
        return text
    }

    static func read(_ text: String) -> SourceFacts {
        let limits = ReaderLimits(maxFileBytes: 64 << 20, maxSecondsPerFile: 600)
        return ObjCReader().read(Array(text.utf8), file: "Generated.m", limits: limits, clock: Source.stoppedClock)
    }

    @Test("Each generated screen reads whole")
    func generatedScreen() {
        let facts = Source.read(Self.screen(7))
        let screen = facts.screen("Generated7ViewController")
        #expect(screen?.settings.count == 8)
        #expect(screen?.settings.first?.value == .title(.unknown))
        #expect(facts.edges.map(\.to) == [.className("Generated8ViewController")])
        #expect(facts.problems.isEmpty)
    }

    @Test("A 5 MB macro-heavy file: over the default limit it is refused; within a raised one, every screen is read")
    func linear() {
        let big = Self.file(bytes: 5 << 20)
        let refused = ObjCReader().read(Array(big.utf8), file: "Generated.m", limits: ReaderLimits(), clock: Source.stoppedClock)
        #expect(refused.problems.map(\.limit) == [ReaderLimits.fileBytesName])

        let quarter = Self.file(bytes: 5 << 18)
        let small = Self.read(quarter)
        let large = Self.read(big)
        let screens = large.screens.count
        #expect(screens > 2000)
        let ratio = Double(screens) / Double(max(1, small.screens.count))
        #expect(ratio > 3.6 && ratio < 4.1)
        #expect(large.problems.isEmpty)
        #expect(large.screens.allSatisfy { $0.settings.count == 8 })
    }

    @Test("Locations along one long line agree with LineTable, in any order")
    func locator() {
        let line = (0..<300).map { "a\($0) = @\"订单 🧾\";" }.joined(separator: " ") + "\nend;"
        let bytes = Array(line.utf8)
        let table = LineTable(bytes, file: "L.m")
        let locator = Locator(bytes, file: "L.m")
        var generator = BadInputTests.Generator(state: 3)
        let offsets = Array(stride(from: 0, to: bytes.count, by: 7)) + (0..<200).map { _ in Int(generator.next() % UInt64(bytes.count)) }
        for offset in offsets where offset == 0 || bytes[offset] & 0xC0 != 0x80 {
            #expect(locator.location(offset) == table.location(ofByte: offset))
        }
    }
}
