#import <UIKit/UIKit.h>

@interface SignupViewController : UIViewController
@end
