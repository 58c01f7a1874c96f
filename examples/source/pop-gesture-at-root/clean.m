//
//  The inbox restores the swipe as the pop gesture's delegate and lets it begin only when there is a screen
//  to go back to.
//

#import <UIKit/UIKit.h>

@interface PopGestureAtRootCleanInboxViewController : UITableViewController <UIGestureRecognizerDelegate>
@end

@interface PopGestureAtRootCleanSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (nonatomic, strong) UIWindow *window;
@end

@implementation PopGestureAtRootCleanInboxViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Inbox";
    self.navigationController.interactivePopGestureRecognizer.delegate = self;
}

- (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
    if (gestureRecognizer == self.navigationController.interactivePopGestureRecognizer) {
        return self.navigationController.viewControllers.count > 1;
    }
    return YES;
}

@end

@implementation PopGestureAtRootCleanSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
    PopGestureAtRootCleanInboxViewController *inbox = [[PopGestureAtRootCleanInboxViewController alloc] initWithStyle:UITableViewStylePlain];
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:inbox];
    [self.window makeKeyAndVisible];
}

@end
