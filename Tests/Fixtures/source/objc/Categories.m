#import "AccountViewController.h"

@interface AccountViewController ()
@property (nonatomic, strong) UIButton *avatarButton;
@end

@implementation AccountViewController (Navigation)

- (void)setUpNavigation {
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:self.avatarButton];
}

- (BOOL)navigationShouldPopOnBackButton {
    return YES;
}

@end

@implementation AccountViewController

- (UIButton *)avatarButton {
    if (!_avatarButton) {
        _avatarButton = [UIButton buttonWithType:UIButtonTypeCustom];
        _avatarButton.frame = CGRectMake(0, 0, 32, 32);
    }
    return _avatarButton;
}

@end

@implementation UIImage (Tint)

- (UIImage *)tintedImageWithColor:(UIColor *)color {
    return self;
}

@end

@implementation UIViewController (BackItem)

- (void)installCloseItem {
    self.navigationItem.hidesBackButton = YES;
    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Close" style:UIBarButtonItemStylePlain target:self action:@selector(close)];
}

@end
