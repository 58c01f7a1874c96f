//
//  A negative fixed space meant to pull the share button to the bar's edge: since iOS 11 items sit inside
//  the bar's layout margins and the negative width does nothing.
//

#import <UIKit/UIKit.h>

@interface NegativeFixedSpaceFailingPhotoViewController : UIViewController
@end

@implementation NegativeFixedSpaceFailingPhotoViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Photo";
    [self setUpItems];
}

- (void)setUpItems {
    UIBarButtonItem *spacer = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemFixedSpace target:nil action:nil]; // expect: negative-fixed-space
    spacer.width = -16;
    UIBarButtonItem *share = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemAction target:self action:@selector(share:)];
    self.navigationItem.rightBarButtonItems = @[spacer, share];
}

- (void)share:(id)sender {
}

@end
