#import <UIKit/UIKit.h>

/* navd:disable bar-tint-ignored */
@implementation LegacyThemeViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    // navd:disable:next empty-back-title-trick
    self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"" style:UIBarButtonItemStylePlain target:nil action:nil];
    self.navigationController.navigationBar.barTintColor = [UIColor blackColor]; // navd:disable:this low-contrast
    NSString *text = @"// navd:disable:next pop-gesture-disabled";
    (void)text;
}

@end
// navd:enable
