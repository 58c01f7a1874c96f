//
//  The payment step is presented, as the root of a navigation controller of its own: it has no back button
//  to hide, and Close dismisses it.
//

#import <UIKit/UIKit.h>

@interface BackButtonHiddenCleanBasketViewController : UIViewController
@end

@interface BackButtonHiddenCleanPaymentViewController : UIViewController
@end

@implementation BackButtonHiddenCleanBasketViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Cart";
}

- (void)checkout {
    BackButtonHiddenCleanPaymentViewController *payment = [[BackButtonHiddenCleanPaymentViewController alloc] init];
    UINavigationController *navigation = [[UINavigationController alloc] initWithRootViewController:payment];
    [self presentViewController:navigation animated:YES completion:nil];
}

@end

@implementation BackButtonHiddenCleanPaymentViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Payment";
    self.navigationItem.hidesBackButton = YES;
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Close" style:UIBarButtonItemStyleDone target:self action:@selector(close)];
}

- (void)close {
    [self dismissViewControllerAnimated:YES completion:nil];
}

@end
