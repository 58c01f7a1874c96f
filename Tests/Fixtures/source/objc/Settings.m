//
//  Settings.m
//  A list screen and its detail, each making the navigation settings a real app makes.
//

#import <UIKit/UIKit.h>
#import "OrderDetailViewController.h"

@interface OrderListViewController () <UIGestureRecognizerDelegate>
@property (nonatomic, strong) UIBarButtonItem *filterItem;
@end

@implementation OrderListViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Orders";
    self.navigationItem.title = @"All Orders";
    self.navigationItem.backButtonTitle = @"Back";
    self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"" style:UIBarButtonItemStylePlain target:nil action:nil];
    self.navigationItem.rightBarButtonItem = self.filterItem;
    self.navigationItem.leftItemsSupplementBackButton = YES;
    self.navigationController.navigationBar.prefersLargeTitles = YES;
    self.navigationController.navigationBar.translucent = NO;
    self.navigationController.interactivePopGestureRecognizer.delegate = self;
    if (@available(iOS 14.0, *)) {
        self.navigationItem.backButtonDisplayMode = UINavigationItemBackButtonDisplayModeMinimal;
    }
}

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    [self.navigationController setNavigationBarHidden:NO animated:animated];
}

- (UIBarButtonItem *)filterItem {
    if (!_filterItem) {
        _filterItem = [[UIBarButtonItem alloc] initWithTitle:@"Filter" style:UIBarButtonItemStylePlain target:self action:@selector(showFilter:)];
    }
    return _filterItem;
}

- (void)showFilter:(id)sender {
}

- (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
    return self.navigationController.viewControllers.count > 1;
}

@end

@implementation OrderDetailViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self.navigationItem setHidesBackButton:YES animated:NO];
    [self.navigationItem setLeftBarButtonItem:[[UIBarButtonItem alloc] initWithTitle:@"Close" style:UIBarButtonItemStyleDone target:self action:@selector(close)] animated:YES];
    [self.navigationController.interactivePopGestureRecognizer setEnabled:NO];
    self.navigationController.navigationBarHidden = YES;
    UILabel *titleLabel = [[UILabel alloc] initWithFrame:CGRectMake(0, 0, 160, 44)];
    titleLabel.text = self.order.name;
    self.navigationItem.titleView = titleLabel;
    self.navigationItem.title = self.order.name;
    if (self.order.isEditable) {
        self.navigationItem.rightBarButtonItem = self.editButtonItem;
    }
}

- (void)close {
    [self.navigationController popViewControllerAnimated:YES];
}

@end
