//
//  The app's navigation controller answers navigationBar:shouldPopItem: and asks the top screen whether it may
//  go; the editor answers NO while it has unsaved changes. A tap on back is asked; the edge swipe is not, and
//  pops the editor (and every other screen) without a word.
//

#import <UIKit/UIKit.h>

@protocol BackPopHookFailingBackHandler <NSObject>
@optional
- (BOOL)navigationShouldPopOnBackButton;
@end

@interface BackPopHookFailingDraftsNavigationController : UINavigationController <UINavigationBarDelegate>
@end

@interface BackPopHookFailingDocumentsViewController : UITableViewController
@end

@interface BackPopHookFailingEditorViewController : UIViewController <BackPopHookFailingBackHandler>
@property (nonatomic, assign) BOOL hasUnsavedChanges;
@end

@interface BackPopHookFailingPreviewViewController : UIViewController
@end

@interface BackPopHookFailingSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (nonatomic, strong) UIWindow *window;
@end

@implementation BackPopHookFailingDraftsNavigationController

- (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item { // expect: back-pop-hook
    UIViewController *top = self.topViewController;
    if (item == top.navigationItem && [top respondsToSelector:@selector(navigationShouldPopOnBackButton)]) {
        if (![(id<BackPopHookFailingBackHandler>)top navigationShouldPopOnBackButton]) {
            return NO;
        }
    }
    [self popViewControllerAnimated:YES];
    return YES;
}

@end

@implementation BackPopHookFailingSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
    BackPopHookFailingDocumentsViewController *documents = [[BackPopHookFailingDocumentsViewController alloc] initWithStyle:UITableViewStylePlain];
    self.window.rootViewController = [[BackPopHookFailingDraftsNavigationController alloc] initWithRootViewController:documents];
    [self.window makeKeyAndVisible];
}

@end

@implementation BackPopHookFailingDocumentsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Documents";
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    if (indexPath.section == 0) {
        [self.navigationController pushViewController:[[BackPopHookFailingEditorViewController alloc] init] animated:YES];
    } else {
        [self.navigationController pushViewController:[[BackPopHookFailingPreviewViewController alloc] init] animated:YES];
    }
}

@end

@implementation BackPopHookFailingEditorViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Editor";
}

- (BOOL)navigationShouldPopOnBackButton { // expect: back-pop-hook
    if (self.hasUnsavedChanges) {
        [self confirmDiscard];
        return NO;
    }
    return YES;
}

- (void)confirmDiscard {
}

@end

@implementation BackPopHookFailingPreviewViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Preview";
}

@end
