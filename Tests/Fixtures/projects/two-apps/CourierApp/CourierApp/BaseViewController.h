#import <UIKit/UIKit.h>

/// Couriers need a way back on every screen, with a big target.
@interface BaseViewController : UIViewController
@end
