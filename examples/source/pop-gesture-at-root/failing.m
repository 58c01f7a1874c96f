//
//  The inbox, the root of its navigation controller, makes itself the pop gesture's delegate to bring the
//  swipe back on screens with custom left items, but never refuses it: on the root a swipe begins a pop with
//  nothing to pop, and the app stops taking touches.
//

#import <UIKit/UIKit.h>

@interface PopGestureAtRootFailingInboxViewController : UITableViewController <UIGestureRecognizerDelegate>
@end

@interface PopGestureAtRootFailingSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (nonatomic, strong) UIWindow *window;
@end

@implementation PopGestureAtRootFailingInboxViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Inbox";
    self.navigationController.interactivePopGestureRecognizer.delegate = self; // expect: pop-gesture-at-root
}

@end

@implementation PopGestureAtRootFailingSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
    PopGestureAtRootFailingInboxViewController *inbox = [[PopGestureAtRootFailingInboxViewController alloc] initWithStyle:UITableViewStylePlain];
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:inbox];
    [self.window makeKeyAndVisible];
}

@end
