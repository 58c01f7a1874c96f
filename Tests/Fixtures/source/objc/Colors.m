#import <UIKit/UIKit.h>

#define kColorMain [UIColor colorWithRed:0.1 green:0.2 blue:0.3 alpha:1]
#define RGB(r, g, b) [UIColor colorWithRed:(r) / 255.0 green:(g) / 255.0 blue:(b) / 255.0 alpha:1.0]

static const CGFloat kBarAlpha = 0.5;

@implementation PaletteViewController

- (void)literalColors {
    UINavigationBar *bar = self.navigationController.navigationBar;
    bar.barTintColor = [UIColor colorWithRed:51 / 255.0 green:102 / 255.0 blue:1 alpha:1.0];
    bar.barTintColor = [UIColor colorWithRed:51 / 255 green:0.4f blue:1 alpha:kBarAlpha];
    bar.barTintColor = [UIColor colorWithWhite:0.2 alpha:1];
    bar.barTintColor = [[UIColor alloc] initWithRed:1 green:0 blue:0 alpha:1];
    bar.barTintColor = [UIColor colorWithHue:0 saturation:1 brightness:1 alpha:1];
}

- (void)namedColors {
    self.navigationController.navigationBar.tintColor = [UIColor whiteColor];
    self.navigationController.navigationBar.tintColor = [UIColor systemBlueColor];
    self.navigationController.navigationBar.tintColor = UIColor.redColor;
    self.navigationController.navigationBar.tintColor = [UIColor colorNamed:@"Brand"];
    self.navigationController.navigationBar.tintColor = nil;
}

- (void)unknownColors {
    self.navigationController.navigationBar.barTintColor = RGB(0x33, 0x33, 0x33);
    self.navigationController.navigationBar.barTintColor = kColorMain;
    self.navigationController.navigationBar.barTintColor = [UIColor colorWithHexString:@"#333333"];
    self.navigationController.navigationBar.barTintColor = [ThemeManager.shared navigationColor];
}

- (void)titleColors {
    self.navigationController.navigationBar.titleTextAttributes = @{NSForegroundColorAttributeName: [UIColor blackColor], NSFontAttributeName: [UIFont boldSystemFontOfSize:17]};
    [self.navigationController.navigationBar setTitleTextAttributes:[NSDictionary dictionaryWithObjectsAndKeys:[UIColor darkGrayColor], NSForegroundColorAttributeName, nil]];
    self.navigationController.navigationBar.titleTextAttributes = @{NSFontAttributeName: [UIFont systemFontOfSize:18]};
}

- (void)appearances API_AVAILABLE(ios(13.0)) {
    UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
    [appearance configureWithOpaqueBackground];
    appearance.backgroundColor = [UIColor systemBackgroundColor];
    self.navigationController.navigationBar.standardAppearance = appearance;
    self.navigationController.navigationBar.scrollEdgeAppearance = appearance;
    UINavigationBarAppearance *plain = [UINavigationBarAppearance new];
    self.navigationItem.compactAppearance = plain;
}

@end

@implementation NightModeViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.navigationController.navigationBar.barStyle = UIBarStyleBlack;
    self.navigationController.navigationBar.barStyle = UIBarStyleDefault;
}

@end
