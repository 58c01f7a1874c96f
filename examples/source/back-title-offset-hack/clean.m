//
//  The app nudges back titles by a point to line them up with its custom font, and hides none.
//

#import <UIKit/UIKit.h>

@interface BackTitleOffsetHackCleanApplicationDelegate : UIResponder <UIApplicationDelegate>
@end

@interface BackTitleOffsetHackCleanFeedViewController : UITableViewController
@end

@interface BackTitleOffsetHackCleanPostViewController : UIViewController
@end

@implementation BackTitleOffsetHackCleanApplicationDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [[UIBarButtonItem appearance] setBackButtonTitlePositionAdjustment:UIOffsetMake(0, -1) forBarMetrics:UIBarMetricsDefault];
    return YES;
}

@end

@implementation BackTitleOffsetHackCleanFeedViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Feed";
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.navigationController pushViewController:[BackTitleOffsetHackCleanPostViewController new] animated:YES];
}

@end

@implementation BackTitleOffsetHackCleanPostViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Post";
}

@end
