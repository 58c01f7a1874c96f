#import <UIKit/UIKit.h>

@implementation CatalogViewController

- (void)openProduct:(Product *)product {
    ProductViewController *productController = [[ProductViewController alloc] initWithProduct:product];
    [self.navigationController pushViewController:productController animated:YES];
}

- (void)openCart {
    [self.navigationController pushViewController:[CartViewController new] animated:YES];
}

- (void)openReviews {
    UIViewController *reviews = [[ReviewsViewController alloc] init];
    [self showViewController:reviews sender:self];
}

- (void)openSettings {
    UIStoryboard *storyboard = [UIStoryboard storyboardWithName:@"Main" bundle:nil];
    UIViewController *settings = [storyboard instantiateViewControllerWithIdentifier:@"Settings"];
    [self.navigationController pushViewController:settings animated:YES];
    AboutViewController *about = [storyboard instantiateViewControllerWithIdentifier:@"About"];
    [self.navigationController pushViewController:about animated:YES];
    id help = (HelpViewController *)[storyboard instantiateViewControllerWithIdentifier:@"Help"];
    [self.navigationController pushViewController:help animated:YES];
}

- (void)openLogin {
    LoginViewController *login = [[LoginViewController alloc] init];
    UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:login];
    [self presentViewController:nav animated:YES completion:nil];
}

- (void)resetStack {
    [self.navigationController setViewControllers:@[[HomeViewController new], [ProfileViewController new]] animated:NO];
}

- (void)finishOnboarding {
    OverviewViewController *overview = [[OverviewViewController alloc] init];
    [self.navigationController pushViewController:overview animated:YES];
    [self.navigationController setViewControllers:@[overview] animated:NO];
}

- (void)openOrders {
    OrdersViewController *orders = [[OrdersViewController alloc] init];
    [self.navigationController pushViewController:orders animated:YES];
    [self.navigationController setViewControllers:@[[HomeViewController new]] animated:NO];
}

- (void)openAccount:(BOOL)fresh {
    AccountViewController *account = [[AccountViewController alloc] init];
    [self.navigationController pushViewController:account animated:YES];
    if (fresh) {
        [self.navigationController setViewControllers:@[account] animated:NO];
    }
}

- (void)openRouted:(NSURL *)url {
    UIViewController *routed = [Router viewControllerForURL:url];
    [self.navigationController pushViewController:routed animated:YES];
    [self.navigationController pushViewController:[ProfileViewController controllerWithUserID:@"42"] animated:YES];
}

@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    MainNavigationController *navigation = [[MainNavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
    self.window.rootViewController = navigation;
    [self.window makeKeyAndVisible];
    return YES;
}

@end
