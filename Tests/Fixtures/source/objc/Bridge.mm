#import <UIKit/UIKit.h>
#include <vector>
#include <string>
#include <memory>

namespace nav {
class TitleFormatter {
public:
    explicit TitleFormatter(std::string prefix) : prefix_(std::move(prefix)) {}
    std::string format(const std::string &title) const { return prefix_ + "::" + title; }
private:
    std::string prefix_;
};

template <typename T>
static inline T clamp(T value, T low, T high) { return value < low ? low : (value > high ? high : value); }
}  // namespace nav

static const std::vector<std::string> kTitles = {"One", "Two"};

@implementation CppBridgeViewController {
    std::unique_ptr<nav::TitleFormatter> _formatter;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    _formatter = std::make_unique<nav::TitleFormatter>("Nav");
    auto formatted = _formatter->format(kTitles[0]);
    std::vector<int> widths{30, 44};
    for (auto &w : widths) { w = nav::clamp<int>(w, 0, 44); }
    auto handler = [&](int value) { return value * 2; };
    auto rename = [self](NSString *text) { self.navigationItem.backButtonTitle = text; };
    self.title = [NSString stringWithUTF8String:formatted.c_str()];
    self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Back" style:UIBarButtonItemStylePlain target:self action:@selector(goBack:)];
    UIButton *button = [[UIButton alloc] initWithFrame:CGRectMake(0, 0, static_cast<CGFloat>(24), 24)];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:button];
    (void)handler;
    rename(@"Back");
}

@end
