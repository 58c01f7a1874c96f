#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@class Account;
@protocol AccountDelegate;

@protocol BackButtonHandlerProtocol <NSObject>
@optional
- (BOOL)navigationShouldPopOnBackButton;
@end

@interface AccountViewController : BaseTableViewController <UITableViewDelegate, UITableViewDataSource>
@property (nonatomic, strong, nullable) Account *account;
- (instancetype)initWithAccount:(Account *)account;
@end

@interface AccountNavigationBar : UINavigationBar
@end

@interface UIViewController (BackButtonHandler) <BackButtonHandlerProtocol>
- (BOOL)currentViewControllerShouldPop;
@end

@interface NSArray<ObjectType> (Safe)
- (nullable ObjectType)safeObjectAtIndex:(NSUInteger)index;
@end

NS_ASSUME_NONNULL_END
