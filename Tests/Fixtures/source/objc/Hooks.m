#import <UIKit/UIKit.h>
#import <objc/runtime.h>

@interface WideNavigationBar : UINavigationBar
@end

@implementation WideNavigationBar

- (UIView *)hitTest:(CGPoint)point withEvent:(UIEvent *)event {
    UIView *view = [super hitTest:point withEvent:event];
    return view;
}

- (BOOL)pointInside:(CGPoint)point withEvent:(UIEvent *)event {
    return CGRectContainsPoint(CGRectInset(self.bounds, 0, -20), point);
}

@end

@implementation UINavigationController (BackButtonHandler)

- (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item {
    UIViewController *top = self.topViewController;
    if ([top respondsToSelector:@selector(navigationShouldPopOnBackButton)] && ![top navigationShouldPopOnBackButton]) {
        return NO;
    }
    if ([top respondsToSelector:@selector(backButtonPressedInBar)]) {
        [top performSelector:@selector(backButtonPressedInBar)];
    }
    return YES;
}

@end

@implementation EditorViewController

- (BOOL)navigationShouldPopOnBackButton {
    return !self.hasChanges;
}

- (void)backButtonPressedInBar {
}

- (void)backButtonTapped {
}

@end

@implementation UIViewController (PopSwizzle)

+ (void)load {
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        Method original = class_getInstanceMethod([UINavigationController class], @selector(popViewControllerAnimated:));
        Method swizzled = class_getInstanceMethod([UINavigationController class], @selector(xx_popViewControllerAnimated:));
        method_exchangeImplementations(original, swizzled);
    });
}

@end

@implementation UINavigationController (ShouldPopSwizzle)

+ (void)load {
    SEL original = NSSelectorFromString(@"navigationBar:shouldPopItem:");
    SEL replacement = @selector(xx_navigationBar:shouldPopItem:);
    class_replaceMethod(self, original, class_getMethodImplementation(self, replacement), "B@:@@");
}

- (BOOL)xx_navigationBar:(UINavigationBar *)bar shouldPopItem:(UINavigationItem *)item {
    return [self xx_navigationBar:bar shouldPopItem:item];
}

@end

@implementation UIViewController (AppearanceSwizzle)

+ (void)load {
    method_exchangeImplementations(class_getInstanceMethod(self, @selector(viewWillAppear:)),
                                   class_getInstanceMethod(self, @selector(xx_viewWillAppear:)));
}

@end

@interface BaseNavigationController () <UIGestureRecognizerDelegate>
@end

@implementation BaseNavigationController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.interactivePopGestureRecognizer.delegate = self;
    self.navigationBar.barTintColor = [UIColor whiteColor];
    self.navigationBar.tintColor = [UIColor blackColor];
}

- (BOOL)gestureRecognizer:(UIGestureRecognizer *)gestureRecognizer shouldReceiveTouch:(UITouch *)touch {
    return self.viewControllers.count > 1;
}

@end

@interface GuardlessNavigationController : UINavigationController
@end

@implementation GuardlessNavigationController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.interactivePopGestureRecognizer.delegate = nil;
}

@end
