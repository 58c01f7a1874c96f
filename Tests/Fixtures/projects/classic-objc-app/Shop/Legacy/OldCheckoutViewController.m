#import <UIKit/UIKit.h>

// Kept for reference; no longer part of the app target.
@interface OldCheckoutViewController : UIViewController
@end

@implementation OldCheckoutViewController
@end
