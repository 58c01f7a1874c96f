#import "AppDelegate.h"

@implementation AppearanceConfigurator

+ (void)applyTheme {
    [[UINavigationBar appearance] setBarTintColor:[UIColor colorWithRed:0.0 green:0.2 blue:0.4 alpha:1.0]];
    [UINavigationBar appearance].tintColor = [UIColor whiteColor];
    UINavigationBar.appearance.translucent = NO;
    [[UINavigationBar appearance] setTitleTextAttributes:@{NSForegroundColorAttributeName: [UIColor whiteColor]}];
    UINavigationBar *contained = [UINavigationBar appearanceWhenContainedInInstancesOfClasses:@[[ComposeNavigationController class]]];
    contained.barTintColor = [UIColor blackColor];
    [[UIBarButtonItem appearance] setBackButtonTitlePositionAdjustment:UIOffsetMake(-1000, 0) forBarMetrics:UIBarMetricsDefault];
    [[UIBarButtonItem appearanceWhenContainedInInstancesOfClasses:@[[UINavigationBar class]]] setBackButtonTitlePositionAdjustment:UIOffsetMake(NSIntegerMin, NSIntegerMin) forBarMetrics:UIBarMetricsDefault];
    if (@available(iOS 15.0, *)) {
        UINavigationBarAppearance *appearance = [UINavigationBarAppearance new];
        [appearance configureWithOpaqueBackground];
        appearance.backgroundColor = [UIColor colorWithRed:0.0 green:0.2 blue:0.4 alpha:1.0];
        [UINavigationBar appearance].standardAppearance = appearance;
        [UINavigationBar appearance].scrollEdgeAppearance = appearance;
    }
}

@end

static void ConfigureLegacyBars(void) {
    [[UINavigationBar appearance] setBarTintColor:[UIColor darkGrayColor]];
}
