//
//  The profile screen's settings button keeps its small icon in a 44 x 44 frame.
//

#import <UIKit/UIKit.h>

@interface TouchTargetSmallCleanProfileViewController : UIViewController
@end

@implementation TouchTargetSmallCleanProfileViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Profile";
    [self setUpSettingsButton];
}

- (void)setUpSettingsButton {
    UIButton *settingsButton = [UIButton buttonWithType:UIButtonTypeCustom];
    settingsButton.frame = CGRectMake(0, 0, 44, 44);
    [settingsButton setImage:[UIImage imageNamed:@"gear"] forState:UIControlStateNormal];
    [settingsButton addTarget:self action:@selector(openSettings) forControlEvents:UIControlEventTouchUpInside];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:settingsButton];
}

- (void)openSettings {
}

@end
