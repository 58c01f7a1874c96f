//
//  The payment step hides its back button while it is on screen and offers no other way back: no back
//  button, no left item, and with the back button goes the edge swipe.
//

#import <UIKit/UIKit.h>

@interface BackButtonHiddenFailingBasketViewController : UIViewController
@end

@interface BackButtonHiddenFailingPaymentViewController : UIViewController
@end

@implementation BackButtonHiddenFailingBasketViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Cart";
}

- (void)checkout {
    [self.navigationController pushViewController:[[BackButtonHiddenFailingPaymentViewController alloc] init] animated:YES];
}

@end

@implementation BackButtonHiddenFailingPaymentViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Payment";
    self.navigationItem.hidesBackButton = YES; // expect: back-button-hidden
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Pay" style:UIBarButtonItemStyleDone target:self action:@selector(pay)];
}

- (void)pay {
}

@end
