//
//  The app pushes every back title 1000 points off screen to hide it: from iOS 11 the button keeps the
//  title's width, and from iOS 14 the long-press menu still shows the titles.
//

#import <UIKit/UIKit.h>

@interface BackTitleOffsetHackFailingApplicationDelegate : UIResponder <UIApplicationDelegate>
@end

@interface BackTitleOffsetHackFailingFeedViewController : UITableViewController
@end

@interface BackTitleOffsetHackFailingPostViewController : UIViewController
@end

@implementation BackTitleOffsetHackFailingApplicationDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [[UIBarButtonItem appearance] setBackButtonTitlePositionAdjustment:UIOffsetMake(-1000, 0) forBarMetrics:UIBarMetricsDefault]; // expect: back-title-offset-hack
    return YES;
}

@end

@implementation BackTitleOffsetHackFailingFeedViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Feed";
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.navigationController pushViewController:[BackTitleOffsetHackFailingPostViewController new] animated:YES];
}

@end

@implementation BackTitleOffsetHackFailingPostViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Post";
}

@end
