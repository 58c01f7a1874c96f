#import <UIKit/UIKit.h>

// A view with properties named like navigation items: none of them is a navigation setting.
@interface ToolbarView : UIView
@property (nonatomic, assign) BOOL hidesBackButton;
@property (nonatomic, strong) UIBarButtonItem *leftBarButtonItem;
@property (nonatomic, copy) NSString *title;
@end

@implementation ToolbarView

- (instancetype)initWithFrame:(CGRect)frame {
    if ((self = [super initWithFrame:frame])) {
        self.hidesBackButton = YES;
        self.title = @"Toolbar";
        self.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Left" style:UIBarButtonItemStylePlain target:self action:@selector(tap)];
    }
    return self;
}

@end

@implementation QuietViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UIBarButtonItem *leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Unused" style:UIBarButtonItemStylePlain target:self action:@selector(tap)];
    leftBarButtonItem.tintColor = [UIColor redColor];
    NSLog(@"self.navigationItem.hidesBackButton = YES; %@", leftBarButtonItem);
    NSString *snippet = @"self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] init];";
    const char *legacy = "self.navigationController.interactivePopGestureRecognizer.enabled = NO;";
    // self.navigationItem.hidesBackButton = YES;
    // [self.navigationItem setLeftBarButtonItem:nil];
    /* self.navigationController.navigationBar.barTintColor = [UIColor blackColor];
       self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"" style:0 target:self action:@selector(back)]; */
#if 0
    self.navigationItem.leftItemsSupplementBackButton = YES;
    self.navigationController.interactivePopGestureRecognizer.delegate = nil;
#endif
    self.navigationItem.backBarButtonItem.action = @selector(back);
    self.navigationItem.backBarButtonItem.title = @"";
    [self.navigationItem.backBarButtonItem setTarget:self];
    self.navigationItem.leftBarButtonItem.enabled = NO;
    self.toolbarView.hidesBackButton = YES;
    self.customNavigationBar.barTintColor = [UIColor blackColor];
    UIViewController *other = [UIViewController new];
    other.navigationItem.hidesBackButton = YES;
    other.title = @"Other";
    (void)snippet;
    (void)legacy;
}

@end

// A custom navigation bar view with a navigation item of its own, and a view named like one.
@implementation CustomNavigationBarView

- (void)configure {
    self.navigationItem.title = @"Custom";
    self.navigationItem.hidesBackButton = YES;
}

@end

@interface ProfileHeader : UIControl
@end

@implementation ProfileHeader

- (void)layout {
    self.navigationItem.leftBarButtonItem = nil;
    self.title = @"Header";
}

@end
