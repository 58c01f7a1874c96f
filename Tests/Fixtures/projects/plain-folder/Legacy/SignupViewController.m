#import "SignupViewController.h"

@implementation SignupViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Sign up";
}

@end
