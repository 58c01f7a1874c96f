//
//  The profile screen's settings button is a 28 x 28 custom view: taps around its icon miss it.
//

#import <UIKit/UIKit.h>

@interface TouchTargetSmallFailingProfileViewController : UIViewController
@end

@implementation TouchTargetSmallFailingProfileViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Profile";
    [self setUpSettingsButton];
}

- (void)setUpSettingsButton {
    UIButton *settingsButton = [UIButton buttonWithType:UIButtonTypeCustom];
    settingsButton.frame = CGRectMake(0, 0, 28, 28);
    [settingsButton setImage:[UIImage imageNamed:@"gear"] forState:UIControlStateNormal];
    [settingsButton addTarget:self action:@selector(openSettings) forControlEvents:UIControlEventTouchUpInside];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:settingsButton]; // expect: touch-target-small
}

- (void)openSettings {
}

@end
